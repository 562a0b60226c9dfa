/**
 * Whether an expected COS418 snapshot is one that snaplab's rules record in
 * some interleaving: the same tokens at every server and the same messages
 * recorded on every link (in any order: the recorded order on a FIFO link is
 * the send order, which the .snap format need not keep). When it is not,
 * the closest recorded snapshot of that id is the one that differs least:
 * tokens that differ, plus the tokens of messages recorded on one side only.
 */
import type { ExpectedSnapshot } from "./expected-snapshot.js";

/** A snapshot as the bank records it: per process (pc, balance), per channel the recorded amounts. */
export interface BankRecording {
  readonly processes: Readonly<Record<string, { readonly balance: number } | null>>;
  readonly channels: Readonly<Record<string, readonly number[] | null>>;
}

export interface Reachability {
  readonly expected: ExpectedSnapshot;
  readonly reachable: boolean;
  /** When not reachable: the closest recorded snapshot of the same id, and how far it is. */
  readonly closest?: { readonly recording: BankRecording; readonly distance: number };
}

/** `recorded` holds, per distinct run outcome, what each snapshot id recorded. */
export function reachability(expected: ExpectedSnapshot, recorded: readonly (readonly BankRecording[])[]): Reachability {
  let closest: { recording: BankRecording; distance: number } | undefined;
  for (const tuple of recorded) {
    const recording = tuple[expected.id];
    if (!recording) continue;
    const d = distance(expected, recording);
    if (d === 0) return { expected, reachable: true };
    if (!closest || d < closest.distance) closest = { recording, distance: d };
  }
  return closest ? { expected, reachable: false, closest } : { expected, reachable: false };
}

function distance(expected: ExpectedSnapshot, recording: BankRecording): number {
  let d = 0;
  for (const [server, tokens] of Object.entries(expected.tokens)) {
    const balance = recording.processes[server]?.balance;
    // A server that never recorded is as far as can be: every token differs.
    d += balance === undefined ? tokens + 1 : Math.abs(balance - tokens);
  }
  for (const [link, amounts] of Object.entries(expected.messages)) d += unmatched(amounts, recording.channels[link] ?? []);
  return d;
}

/** The tokens of the messages in one list and not the other, as multisets. */
function unmatched(a: readonly number[], b: readonly number[]): number {
  const rest = [...b];
  let d = 0;
  for (const amount of a) {
    const i = rest.indexOf(amount);
    if (i < 0) d += amount;
    else rest.splice(i, 1);
  }
  return d + rest.reduce((sum, amount) => sum + amount, 0);
}

/** A snapshot in the .snap file's words on one line, e.g. "N1 9, N2 1; N1 N2 token(1)". */
export function formatCos418Snapshot(
  tokens: Readonly<Record<string, number | undefined>>,
  messages: Readonly<Record<string, readonly number[] | null>>,
): string {
  const servers = Object.entries(tokens).map(([id, n]) => `${id} ${n ?? "(not recorded)"}`);
  const inFlight = Object.entries(messages).flatMap(([link, amounts]) => (amounts ?? []).map((n) => `${link.replace("->", " ")} token(${n})`));
  return `${servers.join(", ")}; ${inFlight.length === 0 ? "nothing in flight" : inFlight.join(", ")}`;
}
