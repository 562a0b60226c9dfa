/**
 * What each task does with the next item: sources emit records and inject
 * barriers, the operator counts records and handles barriers by its mode,
 * the sink keeps records and takes its part of a checkpoint at a barrier.
 */
import type { BarrierMode } from "./barrier-modes.js";
import { TO_SINK, type DataflowScenario } from "./scenario.js";
import { withRecord, type DataflowState, type Item, type OperatorSnapshot, type OperatorState } from "./dataflow-state.js";

type Channels = DataflowState["channels"];

function appended(channels: Channels, channel: number, item: Item): Channels {
  return channels.map((c, i) => (i === channel ? [...c, item] : c));
}

function withoutFirst(channels: Channels, channel: number): Channels {
  return channels.map((c, i) => (i === channel ? c.slice(1) : c));
}

function pair<T>(values: readonly T[], index: number, value: T): [T, T] {
  return [index === 0 ? value : values[0]!, index === 1 ? value : values[1]!];
}

/** `emit s`: the source's next record goes to its operator input. */
export function emitRecord(scenario: DataflowScenario, state: DataflowState, source: number): DataflowState {
  const s = state.sources[source]!;
  const id = scenario.records[source]![s.offset]!;
  return { ...state, sources: pair(state.sources, source, { ...s, offset: s.offset + 1 }), channels: appended(state.channels, source, { kind: "record", id }) };
}

/** `inject s`: the source takes its part of the next checkpoint (its offset) and sends the barrier. */
export function injectBarrier(state: DataflowState, source: number): DataflowState {
  const s = state.sources[source]!;
  const n = s.barrier + 1;
  const injected = { ...s, barrier: n, checkpoints: [...s.checkpoints, s.offset] };
  return { ...state, sources: pair(state.sources, source, injected), channels: appended(state.channels, source, { kind: "barrier", n }) };
}

/** Aligned mode holds back an input that has delivered a barrier the operator has not yet snapshotted. */
export function isBlocked(mode: BarrierMode, operator: OperatorState, input: number): boolean {
  return mode.blocksInputs && operator.seen[input]! > operator.checkpoints.length;
}

/** `take i`: the operator takes the first item of input i. */
export function operatorTakes(mode: BarrierMode, state: DataflowState, input: number): DataflowState {
  const item = state.channels[input]![0]!;
  const taken = { ...state, channels: withoutFirst(state.channels, input) };
  return item.kind === "record" ? countRecord(taken, input, item.id) : handleBarrier(mode, taken, input, item.n);
}

function countRecord(state: DataflowState, input: number, id: string): DataflowState {
  const { operator } = state;
  // A checkpoint still storing this input keeps the record as in flight.
  const checkpoints = operator.checkpoints.map((c) => (c.storing[input] ? { ...c, inFlight: pair(c.inFlight, input, [...c.inFlight[input]!, id]) } : c));
  return {
    ...state,
    operator: { ...operator, counted: withRecord(operator.counted, id), checkpoints },
    channels: appended(state.channels, TO_SINK, { kind: "record", id }),
  };
}

function handleBarrier(mode: BarrierMode, state: DataflowState, input: number, n: number): DataflowState {
  const seen = pair(state.operator.seen, input, n);
  const operator = { ...state.operator, seen };
  const due = mode.snapshotsAt === "first-barrier" ? operator.checkpoints.length < n : seen.every((s) => s >= n);
  if (!due) {
    // Barrier n has now come on this input: stop storing what arrives on it.
    const checkpoints = operator.checkpoints.map((c) => (c.n === n ? { ...c, storing: pair(c.storing, input, false) } : c));
    return { ...state, operator: { ...operator, checkpoints } };
  }
  const snapshot: OperatorSnapshot = {
    n,
    counted: operator.counted,
    inFlight: [[], []],
    storing: [mode.storesInFlight && seen[0] < n, mode.storesInFlight && seen[1] < n],
  };
  return {
    ...state,
    operator: { ...operator, checkpoints: [...operator.checkpoints, snapshot] },
    channels: appended(state.channels, TO_SINK, { kind: "barrier", n }),
  };
}

/** `sink`: the sink takes its next item: a record joins its result; barrier n completes checkpoint n. */
export function sinkTakes(state: DataflowState): DataflowState {
  const item = state.channels[TO_SINK]![0]!;
  const channels = withoutFirst(state.channels, TO_SINK);
  const { sink } = state;
  return item.kind === "record"
    ? { ...state, channels, sink: { ...sink, result: withRecord(sink.result, item.id) } }
    : { ...state, channels, sink: { ...sink, checkpoints: [...sink.checkpoints, sink.result] } };
}
