// Wrong submissions that were right on every scenario the old generator drew (names P0…P3,
// balances of 100, amounts 1, 2, 4, …, at most four processes, three transfers a channel, two
// initiators, four snapshots): each keeps full marks on the fixed scenarios, and a check that
// draws what it grades on refuses it with the property its mistake breaks, on a smallest failing
// scenario (nothing can be taken from it, nothing made plainer, and it still fails) or a shrunk
// input. Right-but-unusual ones are in catalogue-right-rules.test.ts. Rules run in this process.
import { describe, expect, it } from "vitest";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { plainer, smaller, type GeneratedCheck } from "../../src/grade/exercises/generated-check.js";
import { scenarioFile, skeletonOf, withinShape, type ScenarioFile } from "../../src/grade/exercises/generated-scenarios.js";
import { defaultLimits } from "../../src/grade/grade.js";
import { beyondBoundsWrongRules } from "./catalogue/beyond-bounds.js";

describe("wrong submissions beyond the old generator's bounds", () => {
  it("should hold at least 25 mistakes, across every exercise learners write code for", () => {
    expect(beyondBoundsWrongRules.length).toBeGreaterThanOrEqual(25);
    expect([...new Set(beyondBoundsWrongRules.map((w) => w.exercise))].sort()).toEqual([1, 2, 3, 5, 6]);
  });

  for (const wrong of beyondBoundsWrongRules) {
    it(`should refuse "${wrong.name}" (exercise ${wrong.exercise}, beyond ${wrong.bound}) with ${wrong.refusedBy}`, () => {
      const exercise = findExercise(wrong.exercise) as RulesExercise;
      const submission = inProcessSubmission(wrong.module);
      const failed = exercise.checks.flatMap((check) => {
        const outcome = check.run(submission, defaultLimits);
        return outcome.counterexample || outcome.failure ? [{ check, outcome }] : [];
      });
      // Full marks on the fixed scenarios, as on the old generated ones: only what is drawn now refuses it.
      expect(failed.filter(({ check }) => !check.seeded).map(({ check }) => check.name)).toEqual([]);
      const { check, outcome } = failed[0]!;
      const property = outcome.counterexample?.property ?? outcome.violated?.[0];
      expect(property).toBe(wrong.refusedBy);
      if (!outcome.counterexample) {
        // Exercise 3's direct calls: the smallest drawn input fast-check shrank it to, shown beside what is wrong with its answer.
        expect(outcome.failure).toMatch(new RegExp(`^${wrong.refusedBy} is violated: `));
        expect(outcome.input?.what).toMatch(/^(this drawn view|these drawn parts)$/);
        return;
      }
      const generated = check as GeneratedCheck;
      const file = outcome.scenario as ScenarioFile;
      // Shrunk, unless the scenario met first was already as small and plain as it fails on (checked below either way).
      expect(file.name).toMatch(/^generated #\d+(, shrunk)?$/);
      const { shape } = generated;
      const skeleton = skeletonOf(file);
      for (const less of [...smaller(skeleton), ...plainer(skeleton)].filter((s) => withinShape(s, shape))) {
        const again = generated.runOn(scenarioFile(less, "smaller", shape), inProcessSubmission(wrong.module), defaultLimits);
        expect(again.counterexample, JSON.stringify(less)).toBeUndefined();
      }
      expect(generated.replay(inProcessSubmission(wrong.module), outcome.counterexample.path.actions, outcome)).toEqual({
        property: outcome.counterexample.property,
        reason: outcome.counterexample.reason,
      });
    });
  }
});
