// The grading tests: `npm test` grades solutions/ (every check must pass), and
// `SNAPLAB_SUBMISSION=<dir> npm test` grades any folder laid out like exercises/,
// one test per graded check, each failing with the reason and the shortest counterexample.
import { beforeAll, describe, expect, it } from "vitest";
import { gradeExercise } from "../../src/grade/grade.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import { failureLines } from "../../src/grade/report/failure-text.js";
import type { ExerciseResult } from "../../src/grade/result.js";

const directory = process.env.SNAPLAB_SUBMISSION ?? "solutions";

describe(`grading ${directory}`, () => {
  for (const exercise of exercises) {
    describe(`${exercise.number}. ${exercise.title} (${exercise.file})`, () => {
      let result: ExerciseResult;
      beforeAll(async () => {
        result = await gradeExercise(exercise, directory);
      });

      for (const check of exercise.checks) {
        it(`${check.name}, ${check.points} points`, () => {
          const graded = result.checks.find((c) => c.name === check.name)!;
          const why = result.fault ? [result.fault.message] : failureLines(graded);
          expect(graded.passed, why.join("\n")).toBe(true);
          expect(graded.points).toBe(check.points);
        });
      }
    });
  }
});
