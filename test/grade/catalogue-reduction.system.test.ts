// The grader with and without partial-order reduction (spec/reduction.md): every rule set of
// the catalogues in test/grade/catalogue/ (whatever entries they hold), and the answers in
// solutions/, get the same points, the same faults, the same properties and step rules
// violated and the same shortest counterexamples, step for step, on every check of their
// exercise, fixed and generated scenarios alike; only the states explored differ. Rules
// run in this process: they are trusted test code.
import { describe, expect, it } from "vitest";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import { RuleFault } from "../../src/grade/graded-rules/rule-fault.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";
import * as recordAndForwardAnswer from "../../solutions/01-record-and-forward/rules.js";
import * as completionAnswer from "../../solutions/03-completion/completion.js";
import * as laiYangAnswer from "../../solutions/05-lai-yang/rules.js";
import * as concurrentAnswer from "../../solutions/06-concurrent-snapshots/rules.js";
import { rightRules, shapedWrongRules } from "./catalogue/shaped-rules.js";
import { beyondBoundsRightRules, beyondBoundsWrongRules } from "./catalogue/beyond-bounds.js";
import { catalogue } from "./catalogue/wrong-rules.js";

interface Graded {
  readonly name: string;
  readonly exercises: readonly number[];
  readonly module: Record<string, unknown>;
}

const answers: readonly Graded[] = [
  { name: "the answer to exercises 1 and 2", exercises: [1, 2], module: recordAndForwardAnswer },
  { name: "the answer to exercise 3", exercises: [3], module: completionAnswer },
  { name: "the answer to exercise 5", exercises: [5], module: laiYangAnswer },
  { name: "the answer to exercise 6", exercises: [6], module: concurrentAnswer },
];

const everyRuleSet: readonly Graded[] = [
  ...catalogue.map((w) => ({ name: w.name, exercises: [w.exercise], module: w.module })),
  ...shapedWrongRules.map((w) => ({ name: w.name, exercises: [w.exercise], module: w.module })),
  ...beyondBoundsWrongRules.map((w) => ({ name: w.name, exercises: [w.exercise], module: w.module })),
  ...rightRules,
  ...beyondBoundsRightRules,
  ...answers,
];

/** What the learner is shown of an exercise, searched one way: each check's points and verdict, or the fault that stopped them all. */
function graded(module: Record<string, unknown>, exercise: number, reduction: "none" | "por") {
  const submission = inProcessSubmission(module);
  let states = 0;
  try {
    const checks = (findExercise(exercise) as RulesExercise).checks.map((check) => {
      const outcome = check.run(submission, { ...defaultLimits, reduction });
      states += outcome.states;
      const c = outcome.counterexample;
      return {
        check: check.name,
        points: c || outcome.failure ? 0 : check.points,
        violated: outcome.violated,
        failure: outcome.failure,
        scenario: outcome.scenario,
        counterexample: c && counterexampleReport(c),
      };
    });
    return { shown: { checks }, states };
  } catch (error) {
    if (!(error instanceof RuleFault)) throw error;
    return { shown: { fault: error.fault, message: error.message }, states };
  }
}

describe("the grader with partial-order reduction", () => {
  it("should grade some rule sets of every exercise it reduces", () => {
    const exercises = new Set(everyRuleSet.flatMap((r) => r.exercises));
    expect([...exercises].sort()).toEqual([1, 2, 3, 5, 6]);
  });

  for (const ruleSet of everyRuleSet) {
    for (const exercise of ruleSet.exercises) {
      it(`should grade "${ruleSet.name}" in exercise ${exercise} as the full search does`, () => {
        const full = graded(ruleSet.module, exercise, "none");
        const reduced = graded(ruleSet.module, exercise, "por");
        expect(reduced.shown).toEqual(full.shown);
        expect(reduced.states).toBeLessThanOrEqual(full.states);
      });
    }
  }

  it("should tell the fault the full search meets first, though the reduced one met another first", () => {
    // Throws on a view that several runs reach; on the generated scenarios the reduced search, trying which
    // steps commute, asks about one the full search meets later. It searches again unreduced.
    const throws = {
      ...completionAnswer,
      isPartDone(view: { process: string; hasRecorded: boolean; incoming: string[]; received: string[]; recordings: Record<string, { status: string }> }) {
        const open = view.incoming.filter((c) => view.recordings[c]!.status === "open");
        if (view.hasRecorded && open.length === 1 && view.received.length > 0) throw new Error(`${view.process} with ${open[0]} open after ${view.received}`);
        return completionAnswer.isPartDone(view as never);
      },
    };
    const full = graded(throws, 3, "none");
    expect(full.shown).toMatchObject({ fault: "throws", message: expect.stringMatching(/^isPartDone\(view\) at P\d threw /) });
    expect(graded(throws, 3, "por").shown).toEqual(full.shown);
  });
});
