/**
 * A counterexample saved to a file, as DSLabs saves traces: the system
 * (scenario, rules, channel order) and the actions in their stable names
 * ("deliver P0->P1 P0#1"), so that it can be replayed after the rules change.
 *
 * The scenario is embedded rather than referred to by path: the trace then
 * replays on another machine, after the scenario file moved or changed, and
 * a learner can send it to a teacher as one file.
 */
import type { TraceSupport } from "../check/model-descriptor.js";
import type { Counterexample } from "../check/report.js";
import type { ScenarioJson } from "../models/bank/scenario-json.js";

export const TRACE_FORMAT = "snaplab-trace";
export const TRACE_VERSION = 1;

export interface SavedTrace {
  readonly format: typeof TRACE_FORMAT;
  readonly version: typeof TRACE_VERSION;
  readonly scenario: ScenarioJson;
  /** The snapshot algorithm's name (see src/models/bank/algorithms/registry.ts). */
  readonly algorithm: string;
  readonly fifo: boolean;
  /** The violation the trace ends in when it was saved. */
  readonly violation: { readonly property: string; readonly reason: string };
  /** The actions, each as formatAction names it in the state it was taken from. */
  readonly actions: readonly string[];
}

/** The trace of `counterexample`, found in `scenario` with the rules named `algorithm`, written with the model's `trace` support. */
export function savedTrace<Scenario, State, Action>(
  trace: TraceSupport<Scenario, State, Action>,
  scenario: Scenario,
  algorithm: string,
  counterexample: Counterexample<State, Action>,
): SavedTrace {
  const { states, actions } = counterexample.path;
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    scenario: trace.scenarioJson(scenario) as ScenarioJson,
    algorithm,
    ...trace.settings(scenario),
    violation: { property: counterexample.property, reason: counterexample.reason },
    actions: actions.map((action, i) => trace.actionName(scenario, states[i]!, action)),
  } as unknown as SavedTrace;
}

/** The file's text: JSON with a field per line and an action per line. */
export function formatTrace(trace: SavedTrace): string {
  const fields = Object.entries(trace).map(([key, value]) =>
    key === "actions"
      ? `  "actions": [\n${trace.actions.map((a) => `    ${JSON.stringify(a)}`).join(",\n")}\n  ]`
      : `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${fields.join(",\n")}\n}\n`;
}
