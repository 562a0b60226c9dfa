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
import type { ChannelId, ProcessId } from "../bank/scenario.js";
import type { ChannelRecording, DataMessage } from "../bank/state.js";

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
}

export type Effect =
  /** Save this process's pc, balance and received messages as its part of the snapshot. */
  | { readonly type: "record-state" }
  /** Put a marker on an outgoing channel. */
  | { readonly type: "send-marker"; readonly channel: ChannelId }
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
  onMarker(view: ProcessView, channel: ChannelId): readonly Effect[];
  /** A data message arrived on `channel`; the bank credits it after these effects (unless one is buffer-message). */
  onMessage(view: ProcessView, channel: ChannelId, message: DataMessage): readonly Effect[];
}
