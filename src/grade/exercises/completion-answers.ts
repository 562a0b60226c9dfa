/**
 * The answers the README asks of the completion exercise's two functions:
 * `isPartDone` is true exactly when the process has recorded and every
 * incoming channel is closed; `assembleSnapshot` gives every part's state,
 * every channel's amounts, and the money they add up to. Both the explored
 * runs (completion.ts) and the direct calls (completion-calls.ts) judge
 * answers by these.
 */
import type { ProcessView } from "../../models/bank/algorithms/snapshot-algorithm.js";
import { RuleFault } from "../graded-rules/rule-fault.js";
import type { GlobalSnapshot, LocalPart } from "./completion.js";

/**
 * What is wrong with `says`, `isPartDone`'s answer about `view` (asked as
 * `rule`), by the README's definition: done exactly when the process has
 * recorded and every incoming channel is closed.
 */
export function partDoneProblem(view: ProcessView, says: unknown, rule: string): string | undefined {
  if (typeof says !== "boolean") throw new RuleFault("malformed", `${rule} returned ${JSON.stringify(says)}, not true or false`);
  const open = view.incoming.filter((c) => view.recordings[c]!.status !== "closed");
  const done = view.hasRecorded && open.length === 0;
  const name = view.process;
  const stillOpen = `${open.join(", ")} ${open.length === 1 ? "is" : "are"} still open`;
  if (says && !done) return `${name} says its part is done, but ${view.hasRecorded ? stillOpen : "it has not recorded"}`;
  if (!says && done) return `${name} has recorded and every incoming channel is closed, but does not say its part is done`;
  return undefined;
}

/** The global snapshot the parts make, by the README's definition: every part's state, every channel's amounts, and the money they add up to. */
export function snapshotOfParts(parts: readonly LocalPart[]): GlobalSnapshot {
  const processes = Object.fromEntries(parts.map((part) => [part.process, { pc: part.state.pc, balance: part.state.balance }]));
  const channels = Object.fromEntries(parts.flatMap((part) => Object.entries(part.channels).map(([c, messages]) => [c, messages.map((m) => m.amount)])));
  const total = [...parts.map((part) => part.state.balance), ...Object.values(channels).flat()].reduce((sum, amount) => sum + amount, 0);
  return { processes, channels, total };
}

/** The first way `answer` differs from the expected snapshot, in words. */
export function differences(expected: GlobalSnapshot, answer: unknown): string | undefined {
  const got = (answer ?? {}) as { processes?: Record<string, unknown>; channels?: Record<string, unknown>; total?: unknown };
  const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  for (const field of ["processes", "channels"] as const) {
    const want = expected[field] as Record<string, unknown>;
    const have = got[field] ?? {};
    for (const id of new Set([...Object.keys(want), ...Object.keys(have)])) {
      if (!same(have[id], want[id])) return `the assembled snapshot has ${field}["${id}"] = ${JSON.stringify(have[id])}, expected ${JSON.stringify(want[id])}`;
    }
  }
  if (got.total !== expected.total) return `the assembled snapshot's total is ${JSON.stringify(got.total)}, expected ${expected.total}`;
  return undefined;
}

/** JSON with object keys sorted, so that { balance, pc } equals { pc, balance }. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
