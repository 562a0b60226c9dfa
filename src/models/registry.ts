/**
 * Every model snaplab knows, and reading a scenario file of any of them: the
 * file's `model` field says which ("bank" when absent), and that model's
 * parser checks every other field. Adding a model is one line here.
 */
import type { ModelDescriptor, ModelScenario } from "../check/model-descriptor.js";
import { ScenarioError } from "../errors/scenario-error.js";
import { bankModel } from "./bank/bank-model.js";
import { databaseModel } from "./database/database-model.js";
import { dataflowModel } from "./dataflow/dataflow-model.js";

export type ModelRegistry = readonly ModelDescriptor[];

export const models: ModelRegistry = [bankModel, databaseModel, dataflowModel];

export function parseModelScenario(text: string, file: string, registry: ModelRegistry = models): ModelScenario {
  const declared = declaredModel(text);
  const name = declared ?? registry[0]!.name;
  const model = registry.find((m) => m.name === name);
  if (!model) throw new ScenarioError(file, "model", `unknown model ${JSON.stringify(name)} (known: ${registry.map((m) => m.name).join(", ")})`);
  if (declared !== undefined) return { model, scenario: model.parse(text, file) };
  try {
    return { model, scenario: model.parse(text, file) };
  } catch (error) {
    // Read as the first model for want of a "model" field: if another model reads it, say so rather than "unknown key".
    const likely = error instanceof ScenarioError ? registry.find((m) => m !== model && readsAs(m, text, file)) : undefined;
    if (likely) throw new UndeclaredModelError(file, likely, model);
    throw error;
  }
}

/** A scenario with no "model" field that is not the first model's but reads as `likely`'s. */
export class UndeclaredModelError extends ScenarioError {
  constructor(
    file: string,
    readonly likely: ModelDescriptor,
    assumed: ModelDescriptor,
  ) {
    super(
      file,
      "model",
      `missing: this is a ${likely.name} scenario by its fields; add "model": "${likely.name}" (without one, a scenario is read as a ${assumed.name} scenario)`,
    );
  }
}

function readsAs(model: ModelDescriptor, text: string, file: string): boolean {
  try {
    model.parse(JSON.stringify({ ...(JSON.parse(text) as object), model: model.name }), file);
    return true;
  } catch {
    return false;
  }
}

// Text that is not a JSON object goes to the first model's parser, which says what is wrong with it.
function declaredModel(text: string): unknown {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>).model : undefined;
  } catch {
    return undefined;
  }
}
