/**
 * A counterexample saved to a file, as DSLabs saves traces: the system
 * (scenario, rules, channel order) and the actions in their stable names
 * ("deliver P0->P1 P0#1"), so that it can be replayed after the rules change.
 *
 * The scenario is embedded rather than referred to by path: the trace then
 * replays on another machine, after the scenario file moved or changed, and
 * a learner can send it to a teacher as one file.
 */
import { formatAction } from "../models/bank/actions.js";
import type { Scenario } from "../models/bank/scenario.js";
import type { Counterexample } from "../models/bank/check-bank.js";
import { scenarioJson, type ScenarioJson } from "./scenario-json.js";

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

export function savedTrace(scenario: Scenario, algorithm: string, counterexample: Counterexample): SavedTrace {
  const { states, actions } = counterexample.path;
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    scenario: scenarioJson(scenario),
    algorithm,
    fifo: scenario.fifo,
    violation: { property: counterexample.property, reason: counterexample.reason },
    actions: actions.map((action, i) => formatAction(scenario, states[i]!, action)),
  };
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
