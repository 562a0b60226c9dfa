/**
 * The state of the dataflow with checkpoints in progress. Immutable: a step
 * builds a new state. Multisets of record ids (what the operator has counted,
 * what the sink holds) are kept sorted, so that a duplicate shows.
 */
import type { DataflowScenario } from "./scenario.js";

export type Item = { readonly kind: "record"; readonly id: string } | { readonly kind: "barrier"; readonly n: number };

export interface SourceState {
  /** Records emitted so far. */
  readonly offset: number;
  /** The last barrier injected (0: none). */
  readonly barrier: number;
  /** Its part of checkpoint n: the offset at barrier n, at index n - 1. */
  readonly checkpoints: readonly number[];
}

/** The operator's part of checkpoint n. */
export interface OperatorSnapshot {
  readonly n: number;
  readonly counted: readonly string[];
  /** Per input, the records stored as in flight (unaligned mode). */
  readonly inFlight: readonly [readonly string[], readonly string[]];
  /** Per input, whether records arriving on it are still being stored. */
  readonly storing: readonly [boolean, boolean];
}

export interface OperatorState {
  /** The records it has counted: its state, a multiset. */
  readonly counted: readonly string[];
  /** Per input, the last barrier it has delivered. */
  readonly seen: readonly [number, number];
  readonly checkpoints: readonly OperatorSnapshot[];
}

export interface SinkState {
  /** The records that reached it: its result, a multiset. */
  readonly result: readonly string[];
  /** Its part of checkpoint n, at index n - 1. */
  readonly checkpoints: readonly (readonly string[])[];
}

export interface DataflowState {
  readonly sources: readonly [SourceState, SourceState];
  readonly operator: OperatorState;
  readonly sink: SinkState;
  /** Three FIFO queues: source 1 -> input 1, source 2 -> input 2, operator -> sink. */
  readonly channels: readonly (readonly Item[])[];
  /** The checkpoint the job was restored from after its failure; null before it fails. */
  readonly recoveredFrom: number | null;
}

export function initialDataflowState(_scenario: DataflowScenario): DataflowState {
  const source: SourceState = { offset: 0, barrier: 0, checkpoints: [] };
  return {
    sources: [source, source],
    operator: { counted: [], seen: [0, 0], checkpoints: [] },
    sink: { result: [], checkpoints: [] },
    channels: [[], [], []],
    recoveredFrom: null,
  };
}

/**
 * The last complete checkpoint (0: none): every task has taken its part, and
 * the operator has had barrier n on both inputs (until then it may still be
 * storing records for it). Checkpoints are taken one at a time, so only the
 * last one the sink has can be incomplete.
 */
export function completedCheckpoint(state: DataflowState): number {
  const n = state.sink.checkpoints.length;
  const complete = state.sources.every((s) => s.checkpoints.length >= n) && state.operator.seen.every((seen) => seen >= n);
  return complete ? n : n - 1;
}

/** The multiset `ids` with `id` added. */
export function withRecord(ids: readonly string[], id: string): string[] {
  return [...ids, id].sort();
}

/** A canonical string for the visited set, made of the keys of the state's parts (dataflow-parts.ts). */
export function dataflowStateKey(state: DataflowState): string {
  return [
    state.sources.map(dataflowSourceKey).join(";"),
    dataflowOperatorKey(state.operator),
    dataflowSinkKey(state.sink),
    state.channels.map(dataflowChannelKey).join(";"),
    String(state.recoveredFrom),
  ].join("/");
}

export function dataflowSourceKey(s: SourceState): string {
  return `${s.offset},${s.barrier},${s.checkpoints.join(" ")}`;
}

export function dataflowOperatorKey(operator: OperatorState): string {
  const snapshots = operator.checkpoints.map(
    (c) => `${c.n}:${c.counted.join(" ")}:${c.inFlight.map((r) => r.join(" ")).join("/")}:${c.storing.map(Number).join("")}`,
  );
  return `${operator.counted.join(" ")};${operator.seen.join(",")};${snapshots.join(";")}`;
}

/** Each checkpoint in brackets: an empty one must not look like none. */
export function dataflowSinkKey(sink: SinkState): string {
  return `${sink.result.join(" ")};${sink.checkpoints.map((c) => `[${c.join(" ")}]`).join("")}`;
}

/** A channel's items in order: record ids, and barriers as |n|. */
export function dataflowChannelKey(channel: readonly Item[]): string {
  return channel.map((i) => (i.kind === "record" ? i.id : `|${i.n}|`)).join(" ");
}
