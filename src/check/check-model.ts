/**
 * Checks any model and reports in words: the figures, each property's
 * verdict, and each violated property's shortest counterexample as numbered
 * steps and as a space-time view to draw. The case studies' models (database,
 * dataflow) report through this; the bank has its own, richer report
 * (models/bank/check-bank.ts).
 */
import { exploreBfs, type ExploreOptions } from "../explore/bfs.js";
import type { Violation } from "../explore/exploration.js";
import type { Model } from "../model/model.js";
import type { SpaceTime } from "../view/space-time-view.js";

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
  readonly counterexamples: readonly ModelCounterexample[];
  readonly elapsedMs: number;
}

export interface ModelCounterexample {
  readonly property: string;
  readonly reason: string;
  readonly length: number;
  /** Each step in words. */
  readonly steps: readonly string[];
  readonly view: SpaceTime;
}

/** How a model tells its counterexamples: a step in words, a whole path as a space-time view. */
export interface Telling<State, Action> {
  readonly describe: (before: State, action: Action, after: State) => string;
  readonly draw: (violation: Violation<State, Action>) => SpaceTime;
  /** A cost to measure as the executions that meet a marked state, e.g. "executions in which a send waits". */
  readonly measure?: { readonly label: string; readonly marked: (state: State) => boolean };
}

export function checkModel<State, Action>(
  checked: Checked,
  model: Model<State, Action>,
  { describe, draw, measure }: Telling<State, Action>,
  options: ExploreOptions = {},
): ModelReport {
  const result = exploreBfs(model, { ...options, ...(measure ? { measureExecutionsThrough: measure.marked } : {}) });
  const properties = model.properties().map(({ name, claim }) => ({ name, claim, holds: !result.violations.some((v) => v.property === name) }));
  const counterexamples = properties.flatMap(({ name }) =>
    result.violations
      .filter((v) => v.property === name)
      .map((violation) => {
        const { reason, path } = violation;
        const steps = path.actions.map((action, i) => describe(path.states[i]!, action, path.states[i + 1]!));
        return { property: name, reason, length: path.actions.length, steps, view: draw(violation) };
      }),
  );
  const { states, transitions, executions, executionsThrough, elapsedMs } = result;
  const figures = measure && executionsThrough !== undefined ? [{ label: measure.label, value: executionsThrough }] : [];
  return { ...checked, states, transitions, executions, figures, properties, counterexamples, elapsedMs };
}
