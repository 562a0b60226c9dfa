/**
 * Says in words what one step of a dataflow trace did, e.g.
 *   "the operator takes barrier 1 on input S2: snapshots its count [S1#1] for checkpoint 1, forwards barrier 1".
 */
import type { BarrierMode } from "./barrier-modes.js";
import type { DataflowAction } from "./actions.js";
import { TO_SINK, type DataflowScenario } from "./scenario.js";
import { completedCheckpoint, type DataflowState, type OperatorState } from "./dataflow-state.js";

const list = (ids: readonly string[]) => `[${ids.join(", ")}]`;

export function describeDataflowStep(
  scenario: DataflowScenario,
  mode: BarrierMode,
  before: DataflowState,
  action: DataflowAction,
  after: DataflowState,
): string {
  switch (action.type) {
    case "emit":
      return `${scenario.sources[action.source]} emits ${scenario.records[action.source]![before.sources[action.source]!.offset]}`;
    case "inject": {
      const s = after.sources[action.source]!;
      return `${scenario.sources[action.source]} injects barrier ${s.barrier} (its part of checkpoint ${s.barrier}: offset ${s.offset})`;
    }
    case "take":
      return describeTake(scenario, mode, before, action.input, after);
    case "sink": {
      const item = before.channels[TO_SINK]![0]!;
      if (item.kind === "record") return `the sink takes ${item.id}: result ${list(after.sink.result)}`;
      const done = completedCheckpoint(after) === item.n ? `; checkpoint ${item.n} is complete` : "";
      return `the sink takes barrier ${item.n}: its result ${list(after.sink.result)} is its part of checkpoint ${item.n}${done}`;
    }
    case "fail": {
      const rewound = after.sources.map((s, i) => `${scenario.sources[i]} to offset ${s.offset}`).join(", ");
      const stored = [0, 1]
        .filter((i) => after.channels[i]!.length > 0)
        .map((i) => `${list(after.channels[i]!.map((r) => (r.kind === "record" ? r.id : "")))} back into input ${scenario.sources[i]}`);
      const parts = [
        `sources rewind (${rewound})`,
        `the operator's count is ${list(after.operator.counted)}`,
        `the sink's result ${list(after.sink.result)}`,
        ...stored,
      ];
      return `the job fails and restarts from checkpoint ${after.recoveredFrom}: ${parts.join(", ")}`;
    }
  }
}

function describeTake(scenario: DataflowScenario, mode: BarrierMode, before: DataflowState, input: number, after: DataflowState): string {
  const item = before.channels[input]![0]!;
  const from = `input ${scenario.sources[input]}`;
  if (item.kind === "record") {
    const stored = after.operator.checkpoints.filter((c, i) => c.inFlight[input]!.length > (before.operator.checkpoints[i]?.inFlight[input]?.length ?? 0));
    const storing = stored.map((c) => `, stores it as in flight for checkpoint ${c.n}`).join("");
    return `the operator takes ${item.id} on ${from}: counts it ${list(after.operator.counted)}, sends it on${storing}`;
  }
  return `the operator takes barrier ${item.n} on ${from}: ${barrierEffect(scenario, mode, before.operator, after.operator, input, item.n)}`;
}

function barrierEffect(scenario: DataflowScenario, mode: BarrierMode, before: OperatorState, after: OperatorState, input: number, n: number): string {
  const taken = after.checkpoints.length > before.checkpoints.length ? after.checkpoints.at(-1)! : undefined;
  if (taken) {
    const storing = [0, 1].filter((i) => taken.storing[i]).map((i) => `, stores what arrives on input ${scenario.sources[i]} until its barrier ${n}`);
    return `snapshots its count ${list(taken.counted)} for checkpoint ${n}, forwards barrier ${n}${storing.join("")}`;
  }
  const stopped = after.checkpoints.find((c, i) => c.storing[input] !== before.checkpoints[i]!.storing[input]);
  if (stopped) return `stops storing input ${scenario.sources[input]} (in flight for checkpoint ${n}: ${list(stopped.inFlight[input]!)})`;
  if (after.seen.every((s) => s >= n)) return "nothing more to do";
  const other = scenario.sources[1 - input];
  return mode.blocksInputs
    ? `blocks input ${scenario.sources[input]} until barrier ${n} comes on input ${other}`
    : `leaves input ${scenario.sources[input]} open while it waits for barrier ${n} on input ${other}`;
}
