// Gathering a chunk of states' questions before they are expanded (interned-model.ts,
// Submission.gather) changes how the rules are asked, never what the explorer finds: the
// same figures, verdicts and shortest counterexamples as asking one question at a time,
// on random scenarios with random rule sets from the catalogue of wrong rules. Each
// distinct question is run once, and a batch stops at the first answer that breaks the
// contract, so nothing beyond it is ever run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import { RuleFault } from "../../src/grade/graded-rules/rule-fault.js";
import type { CheckOutcome } from "../../src/grade/graded-rules/run-check.js";
import { inProcessSubmission, type Submission } from "../../src/grade/graded-rules/remembering-submission.js";
import { submittedRules } from "../../src/grade/graded-rules/submitted-rules.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { threeNode } from "../../src/grade/exercises/scenarios.js";
import { defaultLimits } from "../../src/grade/grade.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { SnapshotAlgorithm } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import { randomScenario } from "../support/random-scenario.js";
import { catalogue } from "./catalogue/wrong-rules.js";

/** The catalogue's rule sets for one snapshot (exercises 1, 2 and 5), and the reference rules. */
const bankRuleSets = [{ name: "reference", module: { rules: chandyLamport } }, ...catalogue.filter((w) => [1, 2, 5].includes(w.exercise))];

const MAX_STATES = 600;

/** What a run shows a person: figures, verdicts, counterexamples as told; or the fault that stopped it. */
function explored(scenario: Scenario, module: Record<string, unknown>, gathered: boolean) {
  const submission = inProcessSubmission(module);
  const rules = submittedRules(submission, scenario);
  try {
    // Some wrong rules send markers forever: the state limit ends those runs, at the same state either way.
    const report = check(
      { model: bankModel, scenario },
      { rules, maxStates: MAX_STATES, ...(gathered ? { gather: (run: () => void) => submission.gather(run) } : {}) },
    );
    const { states, transitions, executions, snapshots, properties, violated } = report;
    const counterexamples = report.counterexamples.map(({ property, reason, steps, recorded }) => ({ property, reason, steps, recorded }));
    return { seen: { states, transitions, executions, snapshots, properties, violated, counterexamples }, counts: submission.counts() };
  } catch (error) {
    if (error instanceof StateLimitError) return { seen: { stopped: error.message }, counts: submission.counts() };
    if (!(error instanceof RuleFault)) throw error;
    return { seen: { fault: error.fault, message: error.message }, counts: submission.counts() };
  }
}

function graded(run: (submission: Submission) => CheckOutcome, submission: Submission) {
  try {
    const outcome = run(submission);
    return { states: outcome.states, violated: outcome.violated, counterexample: outcome.counterexample && counterexampleReport(outcome.counterexample) };
  } catch (error) {
    if (!(error instanceof RuleFault)) throw error;
    return { fault: error.fault, message: error.message };
  }
}

/** One question at a time, as before gathering: the submission never asked to gather. */
const oneAtATime = (submission: Submission): Submission => ({ ...submission, gather: () => false });

describe("questions gathered a chunk of states at a time", () => {
  it("should find what asking one at a time finds, on random scenarios with the catalogue's rule sets, asking each distinct question once", () => {
    fc.assert(
      fc.property(randomScenario(), fc.constantFrom(...bankRuleSets), (scenario, { module }) => {
        const before = explored(scenario, module, false);
        const after = explored(scenario, module, true);
        expect(after.seen).toEqual(before.seen);
        // Each distinct question run once, in no more round trips than questions (one at a time: one each).
        expect(after.counts.asked).toBe(after.counts.questions);
        expect(before.counts.roundTrips).toBe(before.counts.questions);
        expect(after.counts.roundTrips).toBeLessThanOrEqual(before.counts.roundTrips);
      }),
      { numRuns: 30 },
    );
  });

  it("should grade as asking one at a time does, on the exercises' own checks with the catalogue's rule sets", () => {
    // One rule set of each exercise, on the first check (a graded system with its step rules and properties).
    const picked = [1, 2, 3, 5, 6].map((n) => catalogue.find((w) => w.exercise === n)!);
    for (const wrong of picked) {
      const [first] = (findExercise(wrong.exercise) as RulesExercise).checks;
      const run = (submission: Submission) => first!.run(submission, defaultLimits);
      const gatheredSubmission = inProcessSubmission(wrong.module);
      expect(graded(run, gatheredSubmission), wrong.name).toEqual(graded(run, oneAtATime(inProcessSubmission(wrong.module))));
      const { questions, asked, roundTrips } = gatheredSubmission.counts();
      expect(asked).toBe(questions);
      expect(roundTrips, `${wrong.name}: ${questions} questions`).toBeLessThan(questions);
    }
  });

  it("should stop a batch at the first answer that breaks the contract, run nothing the explorer would not, and report the same fault", () => {
    const ran: string[] = [];
    // Throws on the second marker a process gets; notes every question it runs.
    const rules: SnapshotAlgorithm = {
      ...chandyLamport,
      onMarker(view, channel, marker) {
        ran.push(`${view.process} ${channel} ${JSON.stringify(view.recordings)}`);
        if (view.hasRecorded) throw new Error(`no second marker at ${view.process}`);
        return chandyLamport.onMarker(view, channel, marker);
      },
    };
    const before = explored(threeNode, { rules }, false);
    const ranBefore = ran.splice(0);
    const after = explored(threeNode, { rules }, true);
    expect(before.seen).toMatchObject({ fault: "throws" });
    expect(after.seen).toEqual(before.seen);
    // The question that threw was the last one run, and no question was run that the explorer would not have asked.
    expect(ran[ran.length - 1]).toBe(ranBefore[ranBefore.length - 1]);
    expect(new Set(ran)).toEqual(new Set(ranBefore));
    expect(after.counts.roundTrips).toBeLessThan(before.counts.roundTrips);
  });
});
