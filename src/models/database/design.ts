/**
 * The plug-in interface for the database's snapshot designs (the distributed-database case study), in
 * the shape of the bank's SnapshotAlgorithm: rules that see one node and
 * answer with effects, plain data that the database applies in order.
 *
 * Besides reacting to what arrives, a design may offer steps a node takes on
 * its own (starting a snapshot, answering a coordinator); the explorer tries
 * each whenever the design offers it.
 */
import type { ChannelId } from "../../scenario/channels.js";
import type { DatabaseChannelRecording, Credit, Signal } from "./database-state.js";

export interface NodeView {
  readonly node: string;
  readonly isInitiator: boolean;
  readonly hasRecorded: boolean;
  /** Channels into this node, "from->to", in scenario order. */
  readonly incoming: readonly ChannelId[];
  readonly outgoing: readonly ChannelId[];
  /** rec[c] for every incoming channel c. */
  readonly recordings: Readonly<Record<ChannelId, DatabaseChannelRecording>>;
  readonly gateClosed: boolean;
  readonly notes: readonly string[];
  /** Distributed transactions this node started whose credit has not yet been committed. */
  readonly unfinished: number;
}

export type DatabaseEffect =
  /** Save the node as it is now: its part of the snapshot. */
  | { readonly type: "record-state" }
  | { readonly type: "send-signal"; readonly channel: ChannelId; readonly signal: Signal }
  | { readonly type: "start-recording"; readonly channel: ChannelId }
  /** Only in onCredit: add the arriving credit to its open channel's recording. */
  | { readonly type: "record-credit" }
  | { readonly type: "stop-recording"; readonly channel: ChannelId }
  /** Stop or allow starting distributed transactions. */
  | { readonly type: "close-gate" }
  | { readonly type: "open-gate" }
  /** Remember something (read back in `notes`). */
  | { readonly type: "note"; readonly text: string }
  /**
   * Finish the node's snapshot by redoing transactions onto it:
   * `recorded-channels`, the credits recorded on its incoming channels;
   * `since-recording`, everything it committed after recording.
   */
  | { readonly type: "redo"; readonly what: "recorded-channels" | "since-recording" };

export interface DesignStep {
  /** What the node does, e.g. "starts a snapshot", shown in traces after the node's name. */
  readonly name: string;
  readonly effects: readonly DatabaseEffect[];
}

export interface DatabaseDesign {
  readonly name: string;
  /** What the node may do on its own now. */
  steps(view: NodeView): readonly DesignStep[];
  /** A signal arrived on `channel`. */
  onSignal(view: NodeView, channel: ChannelId, signal: Signal): readonly DatabaseEffect[];
  /** A credit arrived on `channel`; the database commits it after these effects. */
  onCredit(view: NodeView, channel: ChannelId, credit: Credit): readonly DatabaseEffect[];
}

/** The channel in the other direction: "A->B" for "B->A". */
export function reverseChannel(channel: ChannelId): ChannelId {
  return channel.split("->").reverse().join("->");
}

/** Would every incoming channel be closed once `channel` is? */
export function isLastMarker(view: NodeView, channel: ChannelId): boolean {
  return view.incoming.every((c) => c === channel || view.recordings[c]?.status === "closed");
}
