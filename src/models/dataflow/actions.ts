/**
 * The dataflow's actions, each a verb with its subject: sources `emit` and
 * `inject`, the operator `take`s from an input, the `sink` takes its next
 * item, and the job may `fail` (once, after a checkpoint has completed).
 */
import type { BarrierMode } from "./barrier-modes.js";
import { TO_SINK, type DataflowScenario } from "./scenario.js";
import { isBlocked } from "./tasks.js";
import { completedCheckpoint, type DataflowState } from "./dataflow-state.js";

export type DataflowAction =
  | { readonly type: "emit"; readonly source: number }
  | { readonly type: "inject"; readonly source: number }
  | { readonly type: "take"; readonly input: number }
  | { readonly type: "sink" }
  | { readonly type: "fail" };

/** The enabled actions, in a fixed order: per source emit then inject, the operator's inputs, the sink, failure. */
export function enabledDataflowActions(scenario: DataflowScenario, mode: BarrierMode, state: DataflowState): DataflowAction[] {
  const actions: DataflowAction[] = [];
  const running = state.recoveredFrom === null;
  const completed = completedCheckpoint(state);
  state.sources.forEach((s, source) => {
    if (s.offset < scenario.records[source]!.length) actions.push({ type: "emit", source });
    // One checkpoint at a time: barrier n + 1 only once checkpoint n is complete.
    if (running && s.barrier === completed && s.barrier < scenario.checkpoints) actions.push({ type: "inject", source });
  });
  for (const input of [0, 1]) {
    if (state.channels[input]!.length > 0 && !isBlocked(mode, state.operator, input)) actions.push({ type: "take", input });
  }
  if (state.channels[TO_SINK]!.length > 0) actions.push({ type: "sink" });
  if (running && completed > 0) actions.push({ type: "fail" });
  return actions;
}
