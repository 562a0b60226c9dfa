/** What a rule sees: its own process, never the whole system. */
import type { DataMessage } from "./messages.js";
import type { ChannelId, ProcessId } from "./names.js";

/**
 * A process's recorded state: what it saved when it recorded (its
 * `record-state` effect). Its part of the snapshot, with the recordings of
 * its incoming channels.
 */
export interface LocalSnapshot {
  /** Its pc when it recorded: how many of its program's transfers it had sent. */
  readonly pc: number;
  /** Its balance when it recorded. */
  readonly balance: number;
  /** Ids of the data messages it had received when it recorded, sorted as JavaScript sorts text (by UTF-16 code units). */
  readonly received: readonly string[];
}

/**
 * What a process has recorded of one incoming channel, the channel's state in
 * the snapshot: `idle` before it starts recording it (`start-recording`),
 * `open` while it records what arrives (`record-message`), `closed` once the
 * channel's marker has arrived (`stop-recording`). The messages are in the
 * order they were recorded; a closed channel that recorded nothing holds `[]`.
 */
export type ChannelRecording =
  /** Not recorded yet: the process has not started recording this channel. */
  | { readonly status: "idle" }
  /** Being recorded: `messages` holds what was recorded on it so far. */
  | { readonly status: "open"; readonly messages: readonly DataMessage[] }
  /** Done: `messages` is the channel's state in the snapshot. */
  | { readonly status: "closed"; readonly messages: readonly DataMessage[] };

/** What a rule may know about its own process, when it is called (exercises 1, 2, 3 and 5). */
export interface ProcessView {
  /** This process's name, e.g. "P1". */
  readonly process: ProcessId;
  /** Has this process recorded its state yet? False until it starts the snapshot or the snapshot reaches it. */
  readonly hasRecorded: boolean;
  /** The channels into this process, e.g. ["P0->P1", "P2->P1"], in the scenario's order. */
  readonly incoming: readonly ChannelId[];
  /** The channels out of this process, e.g. ["P1->P0"]. */
  readonly outgoing: readonly ChannelId[];
  /** For every incoming channel, what this process has recorded of it so far: `view.recordings["P0->P1"]?.status`. */
  readonly recordings: Readonly<Record<ChannelId, ChannelRecording>>;
  /** This process's recorded state (its pc, balance and received ids when it recorded); null until it records. */
  readonly recorded: LocalSnapshot | null;
  /** Ids of the data messages delivered to this process so far, sorted by UTF-16 code units (`.sort()`); the one being delivered is not among them yet. */
  readonly received: readonly string[];
  /** For every outgoing channel, the data messages this process has sent on it so far, oldest first. */
  readonly sent: Readonly<Record<ChannelId, readonly DataMessage[]>>;
}
