/** Exercise 3: what a process hands in when its part is done, and the global snapshot put together from the parts. */
import type { DataMessage } from "./messages.js";
import type { ChannelId, ProcessId } from "./names.js";

/** One process's part of the snapshot, handed to `assembleSnapshot`. */
export interface LocalPart {
  /** The process whose part this is, e.g. "P1". */
  readonly process: ProcessId;
  /** Its recorded state: its pc and balance when it recorded. */
  readonly state: { readonly pc: number; readonly balance: number };
  /** For each of its incoming channels, the messages it recorded on it, in order; `[]` for a channel that recorded none. */
  readonly channels: Readonly<Record<ChannelId, readonly DataMessage[]>>;
}

/** The global snapshot, assembled from every process's part: what `assembleSnapshot` returns. */
export interface GlobalSnapshot {
  /** Every process's recorded state, by its name. */
  readonly processes: Readonly<Record<ProcessId, { readonly pc: number; readonly balance: number }>>;
  /** Every channel's recorded messages, by its name, as their amounts in order: `{ "P0->P1": [], "P1->P0": [10] }`. */
  readonly channels: Readonly<Record<ChannelId, readonly number[]>>;
  /** All the money the snapshot holds: the recorded balances plus the amounts recorded on channels. */
  readonly total: number;
}
