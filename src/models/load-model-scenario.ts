/**
 * Reading a scenario file of any model from disk; the registry beside it
 * parses text only, so that it also runs in the browser.
 */
import type { ModelScenario } from "../check/model-descriptor.js";
import { readScenarioFile } from "../scenario/read-scenario-file.js";
import { models, parseModelScenario, type ModelRegistry } from "./registry.js";

/** The model a scenario file declares, with the scenario parsed by it. */
export function loadModelScenario(file: string, registry: ModelRegistry = models): ModelScenario {
  return parseModelScenario(readScenarioFile(file), file, registry);
}
