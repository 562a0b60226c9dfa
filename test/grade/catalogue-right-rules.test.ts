// Right-but-unusual rules keep full marks in every check of their exercises, the rules run in this
// process.
import { describe, expect, it } from "vitest";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";
import { rightRules } from "./catalogue/shaped-rules.js";

describe("right-but-unusual rules", () => {
  for (const right of rightRules) {
    for (const number of right.exercises) {
      it(`should keep full marks in exercise ${number}: ${right.name}`, () => {
        const exercise = findExercise(number) as RulesExercise;
        const submission = inProcessSubmission(right.module);
        for (const check of exercise.checks) {
          const outcome = check.run(submission, defaultLimits);
          expect(outcome.counterexample?.reason, check.name).toBeUndefined();
          expect(outcome.failure, check.name).toBeUndefined();
        }
      });
    }
  }
});
