/**
 * Reading a scenario file of any model from disk; the registry beside it
 * parses text only, so that it also runs in the browser. A caller that takes
 * one model only passes a registry of that model (`[bankModel]`): a file of
 * another model is then refused, and the scenario comes back with its type.
 */
import type { ModelDescriptor, ModelScenario } from "../check/model-descriptor.js";
import { readScenarioFile } from "../scenario/read-scenario-file.js";
import { models, parseModelScenario } from "./registry.js";

/**
 * The model a scenario file declares, with the scenario parsed by it (of any
 * model's type, unless `registry` says which); its mistakes name the file as
 * `named`, where that is not its path (the grader's, a submission's file).
 */
export function loadModelScenario<Scenario = ModelScenario["scenario"]>(
  file: string,
  registry: readonly ModelDescriptor<Scenario>[] = models,
  named = file,
): ModelScenario<Scenario> {
  return parseModelScenario(readScenarioFile(file, named), named, registry);
}
