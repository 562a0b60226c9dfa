/**
 * Reads a scenario file of any model. The `model` field says which ("bank"
 * when absent); each model's own parser then checks every field.
 */
import { readScenarioFile } from "../scenario/scenario-fields.js";
import { parseScenario } from "./bank/parse-scenario.js";
import type { Scenario } from "./bank/scenario.js";
import { ScenarioError } from "../errors/scenario-error.js";
import { parseDataflowScenario } from "./dataflow/parse-scenario.js";
import type { DataflowScenario } from "./dataflow/scenario.js";
import { parseDatabaseScenario } from "./database/parse-scenario.js";
import type { DatabaseScenario } from "./database/scenario.js";

export type AnyScenario =
  | { readonly model: "bank"; readonly scenario: Scenario }
  | { readonly model: "database"; readonly scenario: DatabaseScenario }
  | { readonly model: "dataflow"; readonly scenario: DataflowScenario };

const MODELS = ["bank", "database", "dataflow"];

export function loadAnyScenario(file: string): AnyScenario {
  const text = readScenarioFile(file);
  const model = declaredModel(text) ?? "bank";
  if (model === "bank") return { model, scenario: parseScenario(text, file) };
  if (model === "database") return { model, scenario: parseDatabaseScenario(text, file) };
  if (model === "dataflow") return { model, scenario: parseDataflowScenario(text, file) };
  throw new ScenarioError(file, "model", `unknown model ${JSON.stringify(model)} (known: ${MODELS.join(", ")})`);
}

// Text that is not a JSON object goes to the bank's parser, which says what is wrong with it.
function declaredModel(text: string): unknown {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>).model : undefined;
  } catch {
    return undefined;
  }
}
