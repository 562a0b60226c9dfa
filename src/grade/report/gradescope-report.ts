/**
 * Gradescope's results.json: the total, and one test per check with its
 * points and, when it failed, why and the shortest counterexample as plain
 * text (Gradescope shows it preformatted). No leaderboard.
 */
import type { ExerciseResult, SubmissionReport } from "../result.js";
import { checkFailureLines, scoreText } from "./failure-text.js";

export interface GradescopeOptions {
  /** The hint's first sentence for exercise `number`, shown under the first check it failed. */
  readonly hint?: (number: number) => string | undefined;
  /** Checks whose test is shown only after the due date (the instructor's choice for generated scenarios). */
  readonly afterDueDate?: (exercise: ExerciseResult, check: number) => boolean;
  /** Lines about the whole submission, after the points. */
  readonly notes?: readonly string[];
}

export function gradescopeReport(report: SubmissionReport, options: GradescopeOptions = {}): object {
  const hidden = report.exercises.reduce((n, e) => n + e.checks.filter((_, i) => options.afterDueDate?.(e, i)).length, 0);
  const notes = [
    ...(options.notes ?? []),
    ...(hidden > 0 ? [`${hidden} ${hidden === 1 ? "check" : "checks"} on generated scenarios shown after the due date.`] : []),
  ];
  return {
    score: report.points,
    execution_time: Math.round(report.elapsedMs / 1000),
    output: [`Points: ${scoreText(report.points, report.maxPoints)}`, ...notes].join("\n"),
    output_format: "text",
    test_output_format: "text",
    visibility: "visible",
    tests: report.exercises.flatMap((e) =>
      e.checks.map((c, i) => ({
        name: `${e.number}. ${e.title}: ${c.name}`,
        number: `${e.number}.${i + 1}`,
        score: c.points,
        max_score: c.maxPoints,
        status: c.passed ? "passed" : "failed",
        output: c.passed ? "" : [...checkFailureLines(e, i), ...hintLines(e, i, options)].join("\n"),
        visibility: options.afterDueDate?.(e, i) ? "after_due_date" : "visible",
      })),
    ),
  };
}

/**
 * The hint goes under the first failed check of an exercise that ran (a fault's own message says what
 * to fix), the first one shown before the due date if there is one.
 */
function hintLines(e: ExerciseResult, i: number, options: GradescopeOptions): string[] {
  const failed = e.checks.flatMap((c, n) => (c.passed ? [] : [n]));
  const shown = failed.find((n) => !options.afterDueDate?.(e, n)) ?? failed[0];
  if (e.fault || shown !== i) return [];
  const hint = options.hint?.(e.number);
  return hint ? ["", `Hint: ${hint} (the whole hint: npx snaplab hint ${e.number})`] : [];
}
