/**
 * Exercise 3, completion: a process knows its part of the snapshot is done
 * when it has recorded and every incoming channel is closed; the global
 * snapshot is then assembled from the parts (COS418's NotifySnapshotComplete
 * and CollectSnapshot). The reference rules run the snapshot; the learner's
 * two functions are asked in every state, and at the end of every run, and
 * called directly on inputs drawn as the README defines them
 * (completion-calls.ts).
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import { recordedMessages } from "../../models/bank/cut.js";
import { processView } from "../../models/bank/process-view.js";
import { RememberedAnswers } from "../../models/bank/remembered-answers.js";
import { incomingChannels, type ChannelId, type Scenario } from "../../models/bank/scenario.js";
import { recordedSnapshot } from "../../models/bank/snapshot.js";
import type { BankState, DataMessage } from "../../models/bank/bank-state.js";
import type { GlobalSnapshot, LocalPart } from "../../../api/index.js";
import { always, atTermination, type Property } from "../../model-contract/property.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { bankGradedSystem, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { differences, partDoneProblem } from "./completion-answers.js";
import { directCallsCheck } from "./completion-calls.js";
import { generatedCheck } from "./generated-check.js";
import { threeNode, twoNode } from "./scenarios.js";

// Exercise 3's own types are the learner's, declared in api/; the kit's tests read them from here too.
export type { GlobalSnapshot, LocalPart };

export const completionExercise: RulesExercise = {
  number: 3,
  slug: "03-completion",
  title: "Completion",
  file: "03-completion/completion.ts",
  kind: "rules",
  // The functions are asked in the reference rules' runs: explore shows those runs, the grade alone judges the answers.
  explore: (_, failed) => (failed.scenario ? "npx snaplab explore it.json" : undefined),
  checks: [
    ...scenarioChecks([twoNode, threeNode], 4, graded),
    generatedCheck(
      {
        shape: { fifo: true, multiSnapshot: false, answerKeyedByName: true, referenceRules: true },
        seed: 13,
        count: 78,
        reach: ["stars", "hubs", "a hundred transfers"],
        rulesRun: false,
      },
      1,
      graded,
    ),
    directCallsCheck(37, 1),
  ],
};

function graded(scenario: Scenario, submission: Submission) {
  return bankGradedSystem(scenario, chandyLamport, completionProperties(scenario, submission));
}

function completionProperties(scenario: Scenario, submission: Submission): Property<BankState>[] {
  // Asked in every state: remembered by the parts the view is made of (models/bank/remembered-answers.ts), not by the view written out.
  const answers = new RememberedAnswers<unknown>(scenario);
  // Judges each process's view on its own: a partial-order reduction can keep its verdict (Property.local).
  const knowsWhenDone: Property<BankState> = {
    ...always<BankState>("knows-when-done", "A process says its part is done exactly when it has recorded and every incoming channel is closed.", (state) => {
      for (const [p, name] of scenario.processes.entries()) {
        const view = processView(scenario, state, p);
        const rule = `isPartDone(view) at ${name}`;
        const says = answers.answer(state, p, "isPartDone", () => submission.call("isPartDone", [view], rule));
        const problem = partDoneProblem(view, says, rule);
        if (problem) return problem;
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
