/**
 * What a rule answers with: a list of effects, plain data that the kit
 * carries out in the order given, all in one step: markers listed before
 * `record-state` are sent in the step that records, as the marker-sending
 * rule asks. A rule never changes anything itself.
 */
import type { DataMessage } from "./messages.js";
import type { ChannelId } from "./names.js";

/** One thing a process does for the snapshot; the kit checks each (`well-formed-effects`) before it carries it out. */
export type Effect =
  /** Save this process's recorded state: its pc, balance and received ids, now. At most once a snapshot. */
  | { readonly type: "record-state" }
  /**
   * Put a marker on one of this process's outgoing channels. Exercise 5's
   * markers carry the messages sent on that channel so far (`sent`).
   */
  | { readonly type: "send-marker"; readonly channel: ChannelId; readonly sent?: readonly DataMessage[] }
  /** Begin recording one of this process's incoming channels: its recording becomes `open`, holding nothing. */
  | { readonly type: "start-recording"; readonly channel: ChannelId }
  /** Add a data message to an incoming channel's recording, which must be `open`. */
  | { readonly type: "record-message"; readonly channel: ChannelId; readonly message: DataMessage }
  /** Stop recording an incoming channel: its recording becomes `closed`, with what it holds (an `idle` one, nothing). */
  | { readonly type: "stop-recording"; readonly channel: ChannelId }
  /**
   * Not in the exercises (one of the case studies' designs). Only in
   * onMessage: keep the arriving message in the process's buffer instead of
   * crediting it. Nothing ever applies a buffered message, so a rule that
   * buffers changes the computation (`non-interference` fails).
   */
  | { readonly type: "buffer-message" };
