/**
 * Exercise 6: several snapshots in one run. Each snapshot has an id, 0, 1,
 * ...; markers carry the id of their snapshot, and every effect names the
 * snapshot it is for. Otherwise the contract is SnapshotAlgorithm's: pure
 * rules, answering with plain data.
 */
import type { Effect } from "./effects.js";
import type { DataMessage } from "./messages.js";
import type { ChannelId, ProcessId } from "./names.js";
import type { ChannelRecording } from "./view.js";

/** A snapshot's id: a number, 0 for the first snapshot of the run, 1 for the next, ... */
export type SnapshotId = number;

/** What a rule may know about its own process, snapshot by snapshot. */
export interface MultiSnapshotView {
  /** This process's name, e.g. "P1". */
  readonly process: ProcessId;
  /** The channels into this process, in the scenario's order. */
  readonly incoming: readonly ChannelId[];
  /** The channels out of this process. */
  readonly outgoing: readonly ChannelId[];
  /**
   * One entry for each snapshot this process has recorded, with what it has
   * recorded of each incoming channel for that snapshot: `snapshot in
   * view.snapshots` says whether it has recorded snapshot `snapshot`. Object
   * keys are strings: `Object.keys(view.snapshots)` gives "0", "1", ..., and
   * `Number(key)` the id.
   */
  readonly snapshots: Readonly<Record<SnapshotId, { readonly recordings: Readonly<Record<ChannelId, ChannelRecording>> }>>;
}

/**
 * An effect of SnapshotAlgorithm's (`buffer-message` aside) for one snapshot,
 * e.g. `{ type: "record-state", snapshot: 1 }` or
 * `{ type: "record-message", channel, message, snapshot: 0 }`.
 */
export type MultiEffect = Exclude<Effect, { type: "buffer-message" }> & { readonly snapshot: SnapshotId };

/** The rules of exercise 6: what `rules.ts` exports as `rules`. */
export interface MultiSnapshotAlgorithm {
  /** A name for reports. */
  readonly name: string;
  /** This process starts snapshot `snapshot` on its own. */
  initiate(view: MultiSnapshotView, snapshot: SnapshotId): readonly MultiEffect[];
  /** A marker of snapshot `snapshot` arrived on the incoming channel `channel`. */
  onMarker(view: MultiSnapshotView, channel: ChannelId, snapshot: SnapshotId): readonly MultiEffect[];
  /** A data message arrived on `channel`; the effects are carried out first, then the kit credits the money. */
  onMessage(view: MultiSnapshotView, channel: ChannelId, message: DataMessage): readonly MultiEffect[];
}
