/**
 * Reads a scenario file (format in spec/model.md) and checks every field, in
 * the order of the bank's field table (fields.ts), each field by its own
 * `read`, so that a mistake is reported as one line naming the file and the
 * field.
 */
import { bankFields } from "./fields.js";
import type { Scenario } from "./scenario.js";
import { parseFields } from "../../scenario/scenario-fields.js";

export function parseScenario(text: string, file = "<scenario>"): Scenario {
  return parseFields(text, file, bankFields);
}
