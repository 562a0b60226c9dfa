/**
 * The state of the database with a snapshot in progress. Immutable, like the
 * bank's: a step builds a new state and shares what it did not touch.
 *
 * A node's log is the sequence of transactions it has committed: its own
 * program steps and the credits of other nodes' distributed transactions, in
 * the order they happened. Its length is `pc + credits.length`; position k is
 * the node's k-th commit (1-based), its local transaction number.
 */
export type Signal = "marker" | "checkpoint" | "ready" | "snapshot" | "done" | "resume";

/** The second half of a distributed transaction, on its way to the credited node. */
export interface Credit {
  readonly kind: "credit";
  /** The transaction's id, "<node>#<k>". */
  readonly txn: string;
  /** The account credited, on the receiving node. */
  readonly account: number;
  readonly amount: number;
}

export type DatabaseMessage = Credit | { readonly kind: "signal"; readonly signal: Signal };

/** A credit recorded on a channel, and the position it took in the receiver's log. */
export interface LoggedCredit extends Credit {
  readonly position: number;
}

export type DatabaseChannelRecording =
  | { readonly status: "idle" }
  | { readonly status: "open"; readonly credits: readonly LoggedCredit[] }
  | { readonly status: "closed"; readonly credits: readonly LoggedCredit[] };

/** A node as a snapshot holds it. */
export interface NodeImage {
  /** Program steps committed. */
  readonly pc: number;
  /** Per account. */
  readonly balances: readonly number[];
  /** Distributed transactions credited here, sorted. */
  readonly credits: readonly string[];
  /** The log positions it holds: 1 .. `upTo`, and then `redone`. */
  readonly upTo: number;
  readonly redone: readonly number[];
}

export interface NodeState {
  readonly pc: number;
  readonly balances: readonly number[];
  readonly credits: readonly string[];
  /** The snapshot as recorded, and as finished after redo (what recovery would load). */
  readonly recorded: NodeImage | null;
  readonly restored: NodeImage | null;
  /** Closed: the node may not start a distributed transaction. */
  readonly gateClosed: boolean;
  /** What the design remembers (who asked, who answered), sorted. */
  readonly notes: readonly string[];
}

export interface DatabaseChannelState {
  readonly queue: readonly DatabaseMessage[];
  readonly recording: DatabaseChannelRecording;
}

export interface DatabaseState {
  readonly nodes: readonly NodeState[];
  readonly channels: readonly DatabaseChannelState[];
}

export function logLength(node: NodeState): number {
  return node.pc + node.credits.length;
}

/** The node as it is now, as a snapshot would hold it. */
export function imageOf(node: NodeState): NodeImage {
  return { pc: node.pc, balances: node.balances, credits: node.credits, upTo: logLength(node), redone: [] };
}

/** The log positions an image holds, e.g. "1-3, 5", or "none". */
export function heldPositions({ upTo, redone }: NodeImage): string {
  const prefix = upTo > 1 ? `1-${upTo}` : upTo === 1 ? "1" : "";
  return [prefix, ...redone.map(String)].filter(Boolean).join(", ") || "none";
}

/** The first log position an image skips below one it holds (a hole in its log), or undefined. */
export function firstHole({ upTo, redone }: NodeImage): number | undefined {
  const gap = redone.findIndex((position, i) => position !== upTo + i + 1);
  return gap < 0 ? undefined : upTo + gap + 1;
}

/** Every node has finished its snapshot. */
export function isDatabaseSnapshotComplete(state: DatabaseState): boolean {
  return state.nodes.every((n) => n.restored !== null);
}

/**
 * A canonical string for the visited set, made of the keys of the state's
 * parts (database-parts.ts). Balances are left out: the program steps and
 * the credits fix them.
 */
export function databaseStateKey(state: DatabaseState): string {
  const channels = state.channels.map((c) => `${databaseQueueKey(c.queue)}|${databaseRecordingKey(c.recording)}`);
  return `${state.nodes.map(databaseNodeKey).join(";")}/${channels.join(";")}`;
}

/**
 * A node's key, complete on its own but for balances, which its program steps and credits fix.
 * Its notes are free text ("asked on N1->N2"), so they are written as JSON: joined with spaces,
 * two different lists of notes could have made the same key.
 */
export function databaseNodeKey(n: NodeState): string {
  const image = (i: NodeImage | null) => (i ? `${i.pc}:${i.credits.join(" ")}:${i.upTo}:${i.redone.join(" ")}` : "-");
  return `${n.pc},${n.credits.join(" ")},${image(n.recorded)},${image(n.restored)},${n.gateClosed ? "x" : "o"},${JSON.stringify(n.notes)}`;
}

/** A channel's queue: each credit's transaction (which fixes its account and amount) or signal, in order. */
export function databaseQueueKey(queue: readonly DatabaseMessage[]): string {
  return queue.map((m) => (m.kind === "credit" ? m.txn : m.signal)).join(" ");
}

/** A channel's recording: its status and each credit recorded with its log position. */
export function databaseRecordingKey(r: DatabaseChannelRecording): string {
  return r.status === "idle" ? "i" : `${r.status[0]}${r.credits.map((c) => `${c.txn}@${c.position}`).join(" ")}`;
}
