// The catalogue of wrong rule sets: each is refused by the exercise it targets, with a
// shortest counterexample that replays (the same actions, run again, break the same
// property for the same reason). Rules run in this process: they are trusted test code.
import { describe, expect, it } from "vitest";
import { defaultLimits } from "../../src/grade/grade.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesCheck, RulesExercise } from "../../src/grade/exercises/exercise.js";
import type { CheckOutcome } from "../../src/grade/graded-rules/run-check.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import { catalogue } from "./catalogue/wrong-rules.js";
import { racySendSystem } from "./support/racy-send.js";
import { chandyLamport, recordAndForward } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { ProcessView } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { ownsProcessEffects } from "../../src/grade/graded-rules/compose.js";
import { replay, runCheck } from "../../src/grade/graded-rules/run-check.js";
import { bankGradedSystem } from "../../src/grade/exercises/bank-check.js";
import { ring, twoInitiators, twoNode } from "../../src/grade/exercises/scenarios.js";

describe("the catalogue of wrong rule sets", () => {
  it("should hold at least eight entries across the exercises", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(8);
  });

  for (const wrong of catalogue) {
    it(`should refuse "${wrong.name}" in exercise ${wrong.exercise} (${wrong.refusedBy})`, () => {
      const exercise = findExercise(wrong.exercise) as RulesExercise;
      const submission = inProcessSubmission(wrong.module);
      // The first check that fails (the others are not run).
      let failed: { check: RulesCheck; outcome: CheckOutcome } | undefined;
      for (const check of exercise.checks) {
        const outcome = check.run(submission, defaultLimits);
        if (outcome.counterexample) {
          failed = { check, outcome };
          break;
        }
      }
      expect(failed, "some check fails").toBeDefined();
      const { check, outcome } = failed!;
      const counterexample = outcome.counterexample!;
      expect(counterexample.property).toBe(wrong.refusedBy);
      // Bank counterexamples come drawn, with several snapshots too: one lane per process, a row per step, the legend
      // naming a message's kind or a recording exactly where the picture drew one.
      const { diagram } = counterexampleReport(counterexample);
      expect(diagram.length).toBeGreaterThan(counterexample.length);
      const legend = diagram.at(-1)!;
      const marks: [string, string][] = [
        ["●", "●─▶● data"],
        ["○", "○╌▷○ marker"],
        ["◆", "◆ records"],
      ];
      for (const [mark, entry] of marks) expect(legend.includes(entry), entry).toBe(diagram.slice(0, -1).some((row) => row.includes(mark)));
      const snapshot = /\(snapshot (\d+)\)$/.exec(counterexample.property)?.[1];
      if (snapshot !== undefined) {
        // Drawn with the cut of the snapshot the property names, and every snapshot's records, each named as the steps name it.
        expect(diagram.at(-1)).toContain(`║ before recording snapshot ${snapshot} (inside the cut)`);
        const steps = counterexampleReport(counterexample).steps.join("\n");
        for (const s of ["0", "1"]) {
          const recordsInSteps = steps.match(new RegExp(`\\[${s}\\] P\\d+ records`, "g"))?.length ?? 0;
          expect(diagram.filter((row) => new RegExp(`◆ .* records snapshot ${s}: `).test(row)).length, `snapshot ${s}`).toBe(recordsInSteps);
        }
      }
      expect(check.replay(inProcessSubmission(wrong.module), counterexample.path.actions, outcome)).toEqual({
        property: counterexample.property,
        reason: counterexample.reason,
      });
    });
  }
});

describe("the Go bank's race (a snapshot between a transfer's debit and its send)", () => {
  it("should be refused by exercise 1's checks, with a counterexample that replays", () => {
    const results = [twoNode, ring, twoInitiators].map((scenario) => {
      const system = racySendSystem(scenario, chandyLamport);
      return { system, outcome: runCheck(system, defaultLimits.maxStates) };
    });
    const { system, outcome } = results.find((r) => r.outcome.counterexample)!;
    const counterexample = outcome.counterexample!;
    expect(counterexample.property).toBe("conservation");
    expect(counterexampleReport(counterexample).steps.join("\n")).toMatch(/debits 10 for its next transfer[\s\S]*starts a snapshot/);
    expect(replay(system, counterexample.path.actions)).toEqual({ property: "conservation", reason: counterexample.reason });
  });

  it("should keep every property once debit and send are one step, as in exercise 1", () => {
    expect(runCheck(bankGradedSystem(twoNode, chandyLamport), defaultLimits.maxStates).counterexample).toBeUndefined();
  });
});

describe("a learner earns points step by step", () => {
  // Only exercise 1's gaps filled in: records and forwards markers, records no channel.
  const recordsAndForwards = inProcessSubmission({
    rules: {
      name: "exercise 1 done",
      initiate: (view: ProcessView) => recordAndForward(view).filter(ownsProcessEffects),
      onMarker: (view: ProcessView) => (view.hasRecorded ? [] : recordAndForward(view).filter(ownsProcessEffects)),
      onMessage: () => [],
    },
  });
  const passes = (n: number) => (findExercise(n) as RulesExercise).checks.map((c) => !c.run(recordsAndForwards, defaultLimits).counterexample);

  it("should pass exercise 1 with exercise 1's part alone, and not exercise 2", () => {
    expect(passes(1)).toEqual([true, true, true, true]);
    expect(passes(2)).toEqual([false, false, false, false]);
  });
});
