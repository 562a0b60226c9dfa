/**
 * Reads a scenario file (format in spec/model.md) and checks every field, in
 * the order of the bank's field table (fields.ts), each field by its own
 * `read`, so that a mistake is reported as one line naming the file and the
 * field.
 */
import { bankFields } from "./fields.js";
import type { Scenario } from "./scenario.js";
import { readScenarioFile, scenarioObject } from "../../scenario/scenario-fields.js";

const KEYS = bankFields.map((field) => field.key);

export function loadScenario(file: string): Scenario {
  return parseScenario(readScenarioFile(file), file);
}

export function parseScenario(text: string, file = "<scenario>"): Scenario {
  const { raw, fail, name } = scenarioObject(text, file, KEYS);
  let scenario: Partial<Scenario> = {};
  for (const field of bankFields) scenario = { ...scenario, ...field.read(raw[field.key], scenario, { fail, name }) };
  return scenario as Scenario;
}
