// Exercises 1 and 2 grade the halves of one rules file, each beside the reference's other half. Halves right apart
// and wrong together are refused by both, on the whole file's run (what snaplab explore --rules shows); a half right
// beside the reference's keeps its points whatever the other half does.
import { describe, expect, it } from "vitest";
import { defaultLimits } from "../../src/grade/grade.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { gradedChannelHalf, gradedProcessHalf } from "../../src/grade/exercises/rules-file-halves.js";
import { ring, twoNode } from "../../src/grade/exercises/scenarios.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { runCheck } from "../../src/grade/graded-rules/run-check.js";
import { failureLines } from "../../src/grade/report/failure-text.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { catalogue } from "./catalogue/wrong-rules.js";

const wrongTogether = catalogue.find((w) => w.name.startsWith("halves each right beside the reference's"))!.module;
const fails = (outcome: { counterexample?: unknown }) => outcome.counterexample !== undefined;

describe("a rules file whose halves are right apart and wrong together", () => {
  it("should have each half hold beside the reference's other half, and the whole file fail", () => {
    const submission = inProcessSubmission(wrongTogether);
    for (const scenario of [twoNode, ring]) {
      const { halfOf, ...processHalf } = gradedProcessHalf(scenario, submission);
      expect(fails(runCheck(processHalf, defaultLimits.maxStates)), "exercise 1's half").toBe(false);
      expect(fails(runCheck(halfOf!.other, defaultLimits.maxStates)), "exercise 2's half").toBe(false);
      expect(runCheck(halfOf!.whole, defaultLimits.maxStates).counterexample?.property).toBe("records-once");
    }
  });

  it("should be refused by exercises 1 and 2 on the whole file's shortest counterexample, which replays in the whole file", () => {
    for (const n of [1, 2]) {
      const [check] = (findExercise(n) as RulesExercise).checks;
      const submission = inProcessSubmission(wrongTogether);
      const outcome = check!.run(submission, defaultLimits);
      expect([outcome.wholeFile, outcome.counterexample?.property, outcome.counterexample?.length], `exercise ${n}`).toEqual([true, "records-once", 3]);
      expect(check!.replay(submission, outcome.counterexample!.path.actions, outcome)?.property).toBe("records-once");
      // Replayed beside the reference's other half, the same steps break nothing.
      expect(check!.replay(submission, outcome.counterexample!.path.actions)).toBeUndefined();
    }
  });

  it("should say in the report that the two halves do not fit together", () => {
    const lines = failureLines({ name: "two-node", points: 0, maxPoints: 4, passed: false, states: 9, failure: "records-once", wholeFile: true });
    expect(lines[1]).toMatch(/^your whole file fails here, though each exercise's half holds beside the reference rules' other half/);
  });
});

describe("a rules file with one half right", () => {
  // Exercise 2's half records every message on every channel it has opened, closed or not: wrong alone.
  const recordsAfterClosing = {
    rules: {
      ...chandyLamport,
      onMessage: (view: Parameters<typeof chandyLamport.onMessage>[0], channel: string, message: Parameters<typeof chandyLamport.onMessage>[2]) =>
        view.recordings[channel]!.status === "idle" ? [] : [{ type: "record-message" as const, channel, message }],
    },
  };

  it("should keep exercise 1's points and lose exercise 2's, whose counterexample is its half's beside the reference's", () => {
    const submission = inProcessSubmission(recordsAfterClosing);
    const outcomes = [1, 2].map((n) => (findExercise(n) as RulesExercise).checks.slice(0, 3).map((check) => check.run(submission, defaultLimits)));
    expect(outcomes[0]!.map(fails)).toEqual([false, false, false]);
    expect(outcomes[1]!.some(fails)).toBe(true);
    expect(outcomes[1]!.filter(fails).map((o) => o.wholeFile)).toEqual(outcomes[1]!.filter(fails).map(() => undefined));
  });

  it("should take exercise 2's half beside the reference's where the whole file fails (one search more than the whole file's)", () => {
    const submission = inProcessSubmission(recordsAfterClosing);
    const system = gradedChannelHalf(twoNode, submission);
    const { halfOf, ...half } = system;
    const own = runCheck(half, defaultLimits.maxStates);
    const whole = runCheck(halfOf!.whole, defaultLimits.maxStates);
    expect(runCheck(system, defaultLimits.maxStates)).toEqual({ ...own, states: whole.states + own.states });
  });
});
