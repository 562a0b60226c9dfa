/**
 * Gradescope's results.json: the score, how long grading took, and one test
 * per graded check with its points and, on failure, the reason and trace
 * (a fault of a whole exercise under its first check only).
 */
import type { SubmissionReport } from "../result.js";
import { checkFailureLines, scoreText } from "./failure-text.js";

export function gradescopeReport(report: SubmissionReport): object {
  return {
    score: report.points,
    execution_time: Math.round(report.elapsedMs / 1000),
    output: `Points: ${scoreText(report.points, report.maxPoints)}`,
    visibility: "visible",
    tests: report.exercises.flatMap((e) =>
      e.checks.map((c, i) => ({
        name: `${e.number}. ${e.title}: ${c.name}`,
        number: `${e.number}.${i + 1}`,
        score: c.points,
        max_score: c.maxPoints,
        status: c.passed ? "passed" : "failed",
        output: c.passed ? "" : checkFailureLines(e, i).join("\n"),
        visibility: "visible",
      })),
    ),
  };
}
