/**
 * Rules for runs with several snapshots at once (exercise 6; COS418's
 * concurrent snapshots). Each snapshot has an id, 0, 1, ...; markers carry
 * the id of the snapshot they belong to, and every effect names its snapshot.
 * Otherwise the contract is that of SnapshotAlgorithm: pure rules, plain data.
 */
import type { ChannelId, ProcessId } from "../scenario.js";
import type { ChannelRecording, DataMessage } from "../bank-state.js";
import type { Effect } from "../algorithms/snapshot-algorithm.js";

export type SnapshotId = number;

/** What a rule may know about its own process, per snapshot. */
export interface MultiSnapshotView {
  readonly process: ProcessId;
  readonly incoming: readonly ChannelId[];
  readonly outgoing: readonly ChannelId[];
  /** The snapshots this process has recorded, by id, each with rec[c] of every incoming channel c. */
  readonly snapshots: Readonly<Record<SnapshotId, { readonly recordings: Readonly<Record<ChannelId, ChannelRecording>> }>>;
}

/** An effect of SnapshotAlgorithm (held-back messages aside), for one snapshot. */
export type MultiEffect = Exclude<Effect, { type: "buffer-message" }> & { readonly snapshot: SnapshotId };

export interface MultiSnapshotAlgorithm {
  readonly name: string;
  /** The process starts snapshot `snapshot` on its own. */
  initiate(view: MultiSnapshotView, snapshot: SnapshotId): readonly MultiEffect[];
  /** A marker of snapshot `snapshot` arrived on the incoming channel `channel`. */
  onMarker(view: MultiSnapshotView, channel: ChannelId, snapshot: SnapshotId): readonly MultiEffect[];
  /** A data message arrived on `channel`; the bank credits it after these effects. */
  onMessage(view: MultiSnapshotView, channel: ChannelId, message: DataMessage): readonly MultiEffect[];
}
