/**
 * The state of the bank with a snapshot in progress (spec/model.md, "State").
 * Everything is immutable: a step builds a new state and shares the parts it
 * did not touch. Processes and channels are arrays in scenario order.
 */
import type { ChannelRecording, DataMessage, LocalSnapshot, Marker } from "../../../api/index.js";
import type { Scenario, Transfer } from "./scenario.js";

// What a rule is handed of the state is declared once, in the learners' types (api/).
export type { ChannelRecording, DataMessage, LocalSnapshot, Marker };

export type Message = DataMessage | Marker;

export interface ProcessState {
  /** Program steps done. */
  readonly pc: number;
  readonly balance: number;
  /** Ids of the data messages delivered to this process, sorted. */
  readonly received: readonly string[];
  readonly recorded: LocalSnapshot | null;
  /**
   * Data messages taken off a channel but kept out of the balance, oldest
   * first (only rules that emit buffer-message, such as defer-after-recording's, fill it).
   * Absent while empty.
   */
  readonly buffered?: readonly DataMessage[];
  /** Non-atomic sends only: the next program step is debited but not yet on its channel. */
  readonly debited?: true;
}

export interface ChannelState {
  /** Messages in flight, oldest first. */
  readonly queue: readonly Message[];
  readonly recording: ChannelRecording;
}

export interface BankState {
  readonly processes: readonly ProcessState[];
  readonly channels: readonly ChannelState[];
}

export const MARKER: Marker = { kind: "marker" };

/** The data message a program step puts on its channel. */
export function messageOf(transfer: Transfer): DataMessage {
  return { kind: "data", id: transfer.messageId, amount: transfer.amount };
}
const IDLE: ChannelRecording = { status: "idle" };

export function initialState(scenario: Scenario): BankState {
  return {
    processes: scenario.initialBalances.map((balance) => ({ pc: 0, balance, received: [], recorded: null })),
    channels: scenario.channels.map(() => ({ queue: [], recording: IDLE })),
  };
}

/** Every process has recorded and every channel is closed. */
export function isSnapshotComplete(state: BankState): boolean {
  for (const p of state.processes) if (p.recorded === null) return false;
  for (const c of state.channels) if (c.recording.status !== "closed") return false;
  return true;
}

/**
 * A canonical string for the visited set: equal states, equal keys. A live
 * balance and received set are left out because the pcs, the debits, the
 * queues and the buffers fix them (what was sent, minus what is still in
 * flight or buffered), so the key stays one-to-one and much shorter.
 */
export function stateKey(state: BankState): string {
  const processes = state.processes.map(
    (p) => `${p.pc}${p.debited ? "d" : ""},${p.recorded ? localKey(p.recorded) : "-"}${p.buffered ? `,b${p.buffered.map((m) => m.id).join(" ")}` : ""}`,
  );
  const channels = state.channels.map((c) => `${queueKey(c.queue)}|${recordingKey(c.recording)}`);
  return `${processes.join(";")}/${channels.join(";")}`;
}

/**
 * The key on unreliable channels: a lost message leaves neither the queue nor
 * the receiver's balance, and a copy credits twice, so the pcs and queues no
 * longer fix what each process received; its received ids (with repeats)
 * join the key, and fix its balance in turn.
 */
export function faultyStateKey(state: BankState): string {
  return `${stateKey(state)}/${state.processes.map((p) => p.received.join(" ")).join(";")}`;
}

/** A queue's key: its messages' keys in order. */
export function queueKey(queue: readonly Message[]): string {
  return queue.map(messageKey).join(" ");
}

/** A message in flight, as keys name it: a data message by its id, a marker by its snapshot and sent list; a copy marked. */
export function messageKey(message: Message): string {
  return `${message.kind === "marker" ? markerKey(message) : message.id}${message.copy ? "'" : ""}`;
}

function markerKey(marker: Marker): string {
  const sent = marker.sent ? `:${marker.sent.map((m) => m.id).join(",")}` : "";
  return `M${marker.snapshot ?? ""}${sent}`;
}

export function localKey(s: LocalSnapshot): string {
  return `${s.pc}:${s.balance}:${s.received.join(" ")}`;
}

export function recordingKey(r: ChannelRecording): string {
  return r.status === "idle" ? "i" : `${r.status[0]}${r.messages.map((m) => m.id).join(" ")}`;
}
