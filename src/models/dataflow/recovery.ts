/**
 * `fail`: the job fails and restarts from its last complete checkpoint n.
 * Every task gets back its part of checkpoint n: sources rewind to their
 * offsets (and replay from there), the operator its counted records, the sink
 * its result (a transactional sink: what it holds rolls back too). Channels
 * are lost, except the records a mode stored as in flight, which go back
 * into the operator's inputs ahead of anything replayed. No barrier follows.
 */
import type { DataflowState, Item } from "./dataflow-state.js";
import { completedCheckpoint } from "./dataflow-state.js";

export function failAndRecover(state: DataflowState): DataflowState {
  const n = completedCheckpoint(state);
  const operator = state.operator.checkpoints[n - 1]!;
  const rewind = (s: DataflowState["sources"][number]) => ({ offset: s.checkpoints[n - 1]!, barrier: s.barrier, checkpoints: [] });
  const stored = (input: number): Item[] => operator.inFlight[input]!.map((id) => ({ kind: "record", id }));
  return {
    sources: [rewind(state.sources[0]), rewind(state.sources[1])],
    operator: { counted: operator.counted, seen: [0, 0], checkpoints: [] },
    sink: { result: state.sink.checkpoints[n - 1]!, checkpoints: [] },
    channels: [stored(0), stored(1), []],
    recoveredFrom: n,
  };
}
