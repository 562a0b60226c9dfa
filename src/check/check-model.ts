/**
 * Checks any model and reports in words: the figures, each property's
 * verdict, and each violated property's shortest counterexample as numbered
 * steps. The case studies' models (database, dataflow) report through this;
 * the bank has its own, richer report (check-scenario.ts).
 */
import { exploreBfs, type ExploreOptions } from "../explore/bfs.js";
import type { Model } from "../model/model.js";

/** What was checked: the scenario's name, its model and the rules it ran, e.g. ("seed002-two-nodes", "database", "blocking"). */
export interface Checked {
  readonly scenario: string;
  readonly model: string;
  readonly algorithm: string;
}

export interface ModelReport extends Checked {
  readonly states: number;
  readonly transitions: number;
  readonly executions: bigint | undefined;
  /** Further measurements, e.g. { label: "executions in which a send waits", value: 94n }. */
  readonly figures: readonly { readonly label: string; readonly value: bigint | number }[];
  readonly properties: readonly { name: string; claim: string; holds: boolean }[];
  readonly counterexamples: readonly { property: string; reason: string; length: number; steps: readonly string[] }[];
  readonly elapsedMs: number;
}

export function checkModel<State, Action>(
  checked: Checked,
  model: Model<State, Action>,
  describe: (before: State, action: Action, after: State) => string,
  options: ExploreOptions = {},
): ModelReport {
  const result = exploreBfs(model, options);
  const properties = model.properties().map(({ name, claim }) => ({ name, claim, holds: !result.violations.some((v) => v.property === name) }));
  const counterexamples = properties.flatMap(({ name }) =>
    result.violations
      .filter((v) => v.property === name)
      .map(({ reason, path }) => ({
        property: name,
        reason,
        length: path.actions.length,
        steps: path.actions.map((action, i) => describe(path.states[i]!, action, path.states[i + 1]!)),
      })),
  );
  const { states, transitions, executions, elapsedMs } = result;
  return { ...checked, states, transitions, executions, figures: [], properties, counterexamples, elapsedMs };
}
