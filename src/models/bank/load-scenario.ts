/** Reads a bank scenario file from disk; parse-scenario.ts parses text only, so that it also runs in the browser. */
import { readScenarioFile } from "../../scenario/read-scenario-file.js";
import { parseScenario } from "./parse-scenario.js";
import type { Scenario } from "./scenario.js";

export function loadScenario(file: string): Scenario {
  return parseScenario(readScenarioFile(file), file);
}
