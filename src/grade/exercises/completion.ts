/**
 * Exercise 3, completion: a process knows its part of the snapshot is done
 * when it has recorded and every incoming channel is closed; the global
 * snapshot is then assembled from the parts (COS418's NotifySnapshotComplete
 * and CollectSnapshot). The reference rules run the snapshot; the learner's
 * two functions are asked in every state, and at the end of every run.
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import { recordedMessages } from "../../models/bank/cut.js";
import { processView } from "../../models/bank/process-view.js";
import { RememberedAnswers } from "../../models/bank/remembered-answers.js";
import { incomingChannels, type ChannelId, type ProcessId, type Scenario } from "../../models/bank/scenario.js";
import { recordedSnapshot } from "../../models/bank/snapshot.js";
import type { BankState, DataMessage } from "../../models/bank/bank-state.js";
import { always, atTermination, type Property } from "../../model/property.js";
import { RuleFault } from "../check/rule-fault.js";
import type { Submission } from "../check/submission.js";
import { bankGradedSystem, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { threeNode, twoNode } from "./scenarios.js";

/** What one process hands in when its part of the snapshot is done. */
export interface LocalPart {
  readonly process: ProcessId;
  /** What it recorded of its own state. */
  readonly state: { readonly pc: number; readonly balance: number };
  /** Each incoming channel's recorded messages. */
  readonly channels: Readonly<Record<ChannelId, readonly DataMessage[]>>;
}

/** The global snapshot, assembled from every process's part. */
export interface GlobalSnapshot {
  readonly processes: Readonly<Record<ProcessId, { readonly pc: number; readonly balance: number }>>;
  /** Each channel's recorded messages, as their amounts in order. */
  readonly channels: Readonly<Record<ChannelId, readonly number[]>>;
  /** All the money the snapshot holds: balances plus amounts in channels. */
  readonly total: number;
}

export const completionExercise: RulesExercise = {
  number: 3,
  slug: "03-completion",
  title: "Completion",
  file: "03-completion/completion.ts",
  kind: "rules",
  checks: [...scenarioChecks([twoNode, threeNode], 4, graded), generatedCheck({ shape: { fifo: true, multiSnapshot: false }, seed: 7, count: 24 }, 2, graded)],
};

function graded(scenario: Scenario, submission: Submission) {
  return bankGradedSystem(scenario, chandyLamport, completionProperties(scenario, submission));
}

function completionProperties(scenario: Scenario, submission: Submission): Property<BankState>[] {
  // Asked in every state: remembered by the parts the view is made of (remembered-answers.ts), not by the view written out.
  const answers = new RememberedAnswers<unknown>(scenario);
  // Judges each process's view on its own: a partial-order reduction can keep its verdict (Property.local).
  const knowsWhenDone: Property<BankState> = {
    ...always<BankState>("knows-when-done", "A process says its part is done exactly when it has recorded and every incoming channel is closed.", (state) => {
      for (const [p, name] of scenario.processes.entries()) {
        const view = processView(scenario, state, p);
        const open = view.incoming.filter((c) => view.recordings[c]!.status !== "closed");
        const rule = `isPartDone(view) at ${name}`;
        const says = answers.answer(state, p, "isPartDone", () => submission.call("isPartDone", [view], rule));
        if (typeof says !== "boolean") throw new RuleFault("malformed", `${rule} returned ${JSON.stringify(says)}, not true or false`);
        const done = view.hasRecorded && open.length === 0;
        if (says && !done) return `${name} says its part is done, but ${view.hasRecorded ? `${open.join(", ")} still open` : "it has not recorded"}`;
        if (!says && done) return `${name} has recorded and every incoming channel is closed, but does not say its part is done`;
      }
      return undefined;
    }),
    local: true,
  };
  const assembled = atTermination<BankState>(
    "assembled-snapshot",
    "The snapshot assembled from the parts is the recorded global state, and its total is the money it holds.",
    (state) => {
      const parts = localParts(scenario, state);
      const answer = submission.call("assembleSnapshot", [parts], "assembleSnapshot(parts)");
      return differences(expectedSnapshot(scenario, state), answer);
    },
  );
  return [knowsWhenDone, assembled];
}

function localParts(scenario: Scenario, state: BankState): LocalPart[] {
  return scenario.processes.map((process, p) => {
    const { pc, balance } = state.processes[p]!.recorded!;
    const channels: Record<ChannelId, readonly DataMessage[]> = {};
    for (const c of incomingChannels(scenario, p)) channels[scenario.channels[c]!.id] = recordedMessages(state, c);
    return { process, state: { pc, balance }, channels };
  });
}

/** The snapshot as the state holds it (complete at the end of every run of the reference rules). */
function expectedSnapshot(scenario: Scenario, state: BankState): GlobalSnapshot {
  const { processes, channels } = recordedSnapshot(scenario, state);
  const balances = Object.values(processes).map((p) => p?.balance ?? 0);
  const inFlight = Object.values(channels).flatMap((amounts) => amounts ?? []);
  const total = [...balances, ...inFlight].reduce((sum, amount) => sum + amount, 0);
  return { processes, channels, total } as GlobalSnapshot;
}

/** The first way `answer` differs from the expected snapshot, in words. */
function differences(expected: GlobalSnapshot, answer: unknown): string | undefined {
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
