/**
 * What the page runs: a scenario's text read by the same registry the CLI
 * uses, with the page's switches (FIFO, the rules) applied as `snaplab
 * explore --fifo --algorithm` applies them. The page and the search worker
 * both build the system from these few serialisable fields.
 */
import type { ModelDescriptor, ModelScenario, Named } from "../../check/model-descriptor.js";
import { SnaplabError } from "../../errors/snaplab-error.js";
import type { Model } from "../../model-contract/model.js";
import { parseModelScenario } from "../../models/registry.js";

/** What to run, as the URL and the worker's messages carry it. */
export interface SystemChoice {
  /** The scenario file's text. */
  readonly text: string;
  /** The file's name in messages: its path under spec/scenarios/, or the name of a pasted or dropped file. */
  readonly file: string;
  /** A model setting switched on or off (the bank's `fifo`); absent keeps the scenario's own. */
  readonly settings: Readonly<Record<string, boolean>>;
  /** The rules to run instead of the scenario's own; absent runs the scenario's. */
  readonly algorithm?: string;
}

export interface System {
  readonly choice: SystemChoice;
  readonly descriptor: ModelDescriptor;
  readonly scenario: unknown;
  readonly rules: Named;
  readonly model: Model<unknown, unknown>;
}

/** The system `choice` names; a mistake in it is a SnaplabError of one line, as the CLI prints it. */
export function buildSystem(choice: SystemChoice): System {
  const { model: descriptor, scenario: given }: ModelScenario = parseModelScenario(choice.text, choice.file);
  let scenario = given;
  for (const { key, apply } of descriptor.settings ?? []) {
    const value = choice.settings[key];
    if (value !== undefined) scenario = apply(scenario, value);
  }
  const rules = descriptor.algorithms.find(choice.algorithm ?? descriptor.algorithmOf(scenario));
  return { choice, descriptor, scenario, rules, model: descriptor.build(scenario, rules) };
}

/** The words a model uses for its rules in the picker. */
export function rulesWord(descriptor: ModelDescriptor): string {
  return ({ bank: "algorithm", database: "design", dataflow: "barrier mode" } as Record<string, string>)[descriptor.name] ?? "rules";
}

/** An error's one line: a person's mistake as the CLI says it, anything else with its name. */
export function oneLine(error: unknown): string {
  if (error instanceof SnaplabError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
