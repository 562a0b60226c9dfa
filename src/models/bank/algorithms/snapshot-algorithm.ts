/**
 * The plug-in interface for snapshot algorithms: three receive rules that a
 * learner can write and the explorer can run.
 *
 * A rule sees one process (never the whole system) and answers with effects,
 * plain data that the bank applies in order. Rules are pure: the same view and
 * message must always give the same effects, and the view must not be changed.
 * The bank itself moves the money (sends, and data deliveries); the rules only
 * decide what is recorded and when markers go out.
 */
import type { ChannelId, ProcessId } from "../scenario.js";
import type { ChannelRecording, DataMessage, LocalSnapshot, Marker } from "../bank-state.js";
import type { MultiSnapshotAlgorithm } from "../multi-snapshot/multi-snapshot-algorithm.js";

/** What a rule may know about its own process. */
export interface ProcessView {
  readonly process: ProcessId;
  /** Has this process recorded its local state yet? */
  readonly hasRecorded: boolean;
  /** Channels into this process, "from->to", in scenario order. */
  readonly incoming: readonly ChannelId[];
  /** Channels out of this process. */
  readonly outgoing: readonly ChannelId[];
  /** rec[c] for every incoming channel c. */
  readonly recordings: Readonly<Record<ChannelId, ChannelRecording>>;
  /** What this process saved when it recorded (null before): its pc, balance and received ids. */
  readonly recorded: LocalSnapshot | null;
  /** Ids of the data messages delivered to this process so far, sorted. */
  readonly received: readonly string[];
  /** Per outgoing channel, the data messages this process has sent on it, in order. */
  readonly sent: Readonly<Record<ChannelId, readonly DataMessage[]>>;
}

/**
 * A data message as its receiver gets it. The colour is Lai-Yang's: a message
 * is red when its sender had already recorded when it sent it, white before.
 */
export interface DeliveredMessage extends DataMessage {
  readonly colour: "white" | "red";
}

export type Effect =
  /** Save this process's pc, balance and received messages as its part of the snapshot. */
  | { readonly type: "record-state" }
  /** Put a marker on an outgoing channel; Lai-Yang's markers carry the messages sent on it so far. */
  | { readonly type: "send-marker"; readonly channel: ChannelId; readonly sent?: readonly DataMessage[] }
  /** Begin recording an incoming channel: rec[c] := open([]). */
  | { readonly type: "start-recording"; readonly channel: ChannelId }
  /** Add a delivered message to an open incoming channel's recording. */
  | { readonly type: "record-message"; readonly channel: ChannelId; readonly message: DataMessage }
  /** Stop recording an incoming channel: rec[c] := closed(what it holds). */
  | { readonly type: "stop-recording"; readonly channel: ChannelId }
  /**
   * Only in onMessage: keep the arriving message in the process's buffer
   * instead of crediting it. Nothing ever applies a buffered message, so a
   * rule that buffers changes the computation (see `non-interference`).
   */
  | { readonly type: "buffer-message" };

export interface SnapshotAlgorithm {
  readonly name: string;
  /** The process starts a snapshot on its own. */
  initiate(view: ProcessView): readonly Effect[];
  /** A marker arrived on the incoming channel `channel`. */
  onMarker(view: ProcessView, channel: ChannelId, marker: Marker): readonly Effect[];
  /** A data message arrived on `channel`; the bank credits it after these effects (unless one is buffer-message). */
  onMessage(view: ProcessView, channel: ChannelId, message: DeliveredMessage): readonly Effect[];
  /** The same algorithm for runs with several snapshots at once (a scenario's `snapshots`), if it has one. */
  readonly perSnapshot?: MultiSnapshotAlgorithm;
}
