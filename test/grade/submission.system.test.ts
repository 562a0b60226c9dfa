// The grading tests: `npm test` grades solutions/ (every check must pass), and
// `SNAPLAB_SUBMISSION=<dir> npm test` grades any folder laid out like exercises/,
// one test per graded check, each failing with the reason and the shortest counterexample.
// Each exercise is graded once, and solutions/' totals and `snaplab list solutions`' table are read
// from those gradings.
import { beforeAll, describe, expect, it } from "vitest";
import { gradeExercise } from "../../src/grade/grade.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import { failureLines } from "../../src/grade/report/failure-text.js";
import type { ExerciseResult } from "../../src/grade/result.js";
import { listText } from "../../src/cli/list-command.js";

const directory = process.env.SNAPLAB_SUBMISSION ?? "solutions";
const results: ExerciseResult[] = [];

describe(`grading ${directory}`, () => {
  for (const exercise of exercises) {
    describe(`${exercise.number}. ${exercise.title} (${exercise.file})`, () => {
      let result: ExerciseResult;
      beforeAll(async () => {
        result = await gradeExercise(exercise, directory);
        results.push(result);
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

describe.runIf(directory === "solutions")("solutions/ in all, generated scenarios included", () => {
  it("should give 100 of 100, every check that draws what it grades on passing with its points", () => {
    expect(results.map((r) => r.number)).toEqual(exercises.map((e) => e.number));
    const total = (key: "points" | "maxPoints") => results.reduce((sum, r) => sum + r[key], 0);
    expect([total("points"), total("maxPoints")]).toEqual([100, 100]);
    const generatedResults = results.flatMap((r) =>
      r.checks.filter((c) => c.name.startsWith("generated scenarios") || c.name.startsWith("direct calls")).map((c) => [r.number, c.name, c.passed, c.points]),
    );
    expect(generatedResults).toEqual([
      [1, "generated scenarios (128)", true, 3],
      [2, "generated scenarios (122)", true, 3],
      [3, "generated scenarios (97)", true, 1],
      [3, "direct calls (100 views, 140 sets of parts)", true, 1],
      [5, "generated scenarios (136)", true, 6],
      [6, "generated scenarios (133)", true, 6],
    ]);
  });

  it("should be listed by snaplab list solutions as every exercise done", () => {
    // The table list-command.ts prints for solutions/ (test/cli/learner-commands.system.test.ts runs `snaplab list` itself).
    const text = listText("solutions", results);
    const rows = text.split("\n").slice(1, 7);
    expect(rows.map((row) => row.replace(/ {2,}/g, "|"))).toEqual([
      "1|Record and forward|01-record-and-forward/rules.ts|15/15|done",
      "2|Channel recording|01-record-and-forward/rules.ts|15/15|done",
      "3|Completion|03-completion/completion.ts|10/10|done",
      "4|Break FIFO|04-break-fifo/scenario.json|12/12|done",
      "5|Snapshots without FIFO (Lai-Yang)|05-lai-yang/rules.ts|24/24|done",
      "6|Repeated and concurrent snapshots|06-concurrent-snapshots/rules.ts|24/24|done",
    ]);
    expect(text.startsWith("#  exercise                           file                              points  status\n")).toBe(true);
    expect(text.endsWith("\nsnaplab hint N prints an exercise's hint; snaplab grade grades them.\n")).toBe(true);
  });
});
