/**
 * The dataflow case study: how an operator with several inputs handles checkpoint barriers.
 * Case study: spec/case-studies/dataflow-barriers.md. The three modes differ in exactly
 * three choices, so each is a row of this table rather than a set of rules.
 *
 * - `aligned` (Flink's exactly-once): an input that has delivered barrier n
 *   is blocked until every input has; then the operator snapshots and
 *   forwards the barrier.
 * - `at-least-once` (unaligned, no channel state): no input is blocked; the
 *   operator snapshots when the last input delivers barrier n, so records
 *   that came after the barrier on an earlier input are already in its state.
 * - `unaligned` (Flink's unaligned checkpoints, which is Chandy-Lamport): the
 *   operator snapshots and forwards at the first barrier n, and stores the
 *   records that arrive on the other inputs before their barrier n.
 */
import { namedList } from "../../model-contract/named-list.js";

export interface BarrierMode {
  readonly name: string;
  /** Block an input from the moment it delivers barrier n until every input has. */
  readonly blocksInputs: boolean;
  /** Snapshot (and forward the barrier) at the first input's barrier n, or at the last's. */
  readonly snapshotsAt: "first-barrier" | "last-barrier";
  /** Store, as part of snapshot n, the records that arrive on an input before its barrier n. */
  readonly storesInFlight: boolean;
}

export const aligned: BarrierMode = { name: "aligned", blocksInputs: true, snapshotsAt: "last-barrier", storesInFlight: false };
export const atLeastOnce: BarrierMode = { name: "at-least-once", blocksInputs: false, snapshotsAt: "last-barrier", storesInFlight: false };
export const unaligned: BarrierMode = { name: "unaligned", blocksInputs: false, snapshotsAt: "first-barrier", storesInFlight: true };

const modes = namedList<BarrierMode>([aligned, atLeastOnce, unaligned], "barrier mode");

export const barrierModeNames = modes.names;
export const findBarrierMode = modes.find;
