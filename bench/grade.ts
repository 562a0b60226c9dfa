/**
 * How long grading takes: grades solutions/ (every exercise passes, so every
 * check explores its whole state space) a few times and prints the wall time
 * of each run and per exercise: a grade in one process, over and over, warm.
 *
 *   node bench/bundled.mjs bench/grade.ts [runs]
 */
import { gradeSubmission } from "../src/grade/grade.js";

const runs = Number(process.argv[2] ?? 3);
for (let run = 1; run <= runs; run++) {
  const report = await gradeSubmission("solutions");
  const states = report.exercises.reduce((n, e) => n + e.checks.reduce((m, c) => m + c.states, 0), 0);
  const perExercise = report.exercises.map((e) => `${e.number}: ${(e.elapsedMs / 1000).toFixed(2)} s`).join(", ");
  console.log(
    `run ${run}: ${report.points}/${report.maxPoints} points, ${states.toLocaleString("en-US")} states, ${(report.elapsedMs / 1000).toFixed(2)} s (${perExercise})`,
  );
}
