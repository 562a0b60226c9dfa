/**
 * Gradescope's results.json: the total, and one test per check with its
 * points and, when it failed, why and the shortest counterexample as plain
 * text (Gradescope shows it preformatted). No leaderboard.
 *
 * What an instructor's seed drew (the scenarios and inputs of the checks
 * that draw them) is for after the due date: a failed check shows before it
 * that it failed, and what it failed on, scenario or counterexample, waits in
 * a test of its own, shown after the due date.
 */
import type { ExerciseResult, SubmissionReport } from "../result.js";
import { checkFailureLines, faultCheck, scoreText } from "./failure-text.js";

export interface GradescopeOptions {
  /** The hint's first sentence for exercise `number`, shown under the first check it failed. */
  readonly hint?: (number: number) => string | undefined;
  /** Checks whose test is shown only after the due date (the instructor's choice for the checks that draw what they grade on). */
  readonly afterDueDate?: (exercise: ExerciseResult, check: number) => boolean;
  /** Checks that graded on what an instructor's seed drew: what they failed on is shown only after the due date. */
  readonly secret?: (exercise: ExerciseResult, check: number) => boolean;
  /** Lines about the whole submission, after the points. */
  readonly notes?: readonly string[];
}

interface Test {
  readonly name: string;
  readonly number: string;
  readonly score: number;
  readonly max_score: number;
  readonly status: "passed" | "failed";
  readonly output: string;
  readonly visibility: "visible" | "after_due_date";
}

export function gradescopeReport(report: SubmissionReport, options: GradescopeOptions = {}): object {
  const later = (e: ExerciseResult, i: number) => options.afterDueDate?.(e, i) ?? false;
  const checks = report.exercises.flatMap((e) => e.checks.map((c, i) => ({ e, c, i })));
  const hidden = checks.filter(({ e, i }) => later(e, i));
  const tests = report.exercises.flatMap((e) => exerciseTests(e, options));
  const withheld = tests.filter((t) => t.max_score === 0).length;
  const shown = (points: (c: (typeof checks)[number]) => number) => checks.filter(({ e, i }) => !later(e, i)).reduce((sum, check) => sum + points(check), 0);
  const notes = [
    ...(options.notes ?? []),
    ...(hidden.length > 0
      ? [
          `${hidden.length} ${hidden.length === 1 ? "check" : "checks"} on generated scenarios and inputs (${hidden.reduce((sum, { c }) => sum + c.maxPoints, 0)} points) shown after the due date.`,
        ]
      : []),
    ...(withheld > 0
      ? [`What ${withheld === 1 ? "a failed check" : `${withheld} failed checks`} met on your instructor's scenarios is shown after the due date.`]
      : []),
  ];
  const points =
    hidden.length > 0
      ? `Points shown now: ${scoreText(
          shown(({ c }) => c.points),
          shown(({ c }) => c.maxPoints),
        )}`
      : `Points: ${scoreText(report.points, report.maxPoints)}`;
  return {
    score: report.points,
    execution_time: Math.round(report.elapsedMs / 1000),
    output: [points, ...notes].join("\n"),
    output_format: "text",
    test_output_format: "text",
    visibility: "visible",
    tests,
  };
}

/** An exercise's tests: one per check, and, after a failed check whose details are secret, one holding them for after the due date. */
function exerciseTests(e: ExerciseResult, options: GradescopeOptions): Test[] {
  const secret = (i: number) => options.secret?.(e, i) ?? false;
  const later = (i: number) => options.afterDueDate?.(e, i) ?? false;
  // A fault is told under the check that met it; the others point there, or say it is shown after the due date.
  const faultAt = faultCheck(e);
  const output = (i: number) =>
    e.fault && i !== faultAt && later(faultAt)
      ? [`not run: the exercise failed as a whole (${e.fault.kind}) on "${e.checks[faultAt]!.name}", which is shown after the due date`]
      : checkFailureLines(e, i);
  return e.checks.flatMap((c, i): Test[] => {
    const test: Test = {
      name: `${e.number}. ${e.title}: ${c.name}`,
      number: `${e.number}.${i + 1}`,
      score: c.points,
      max_score: c.maxPoints,
      status: c.passed ? "passed" : "failed",
      output: c.passed ? "" : [...output(i), ...hintLines(e, i, options)].join("\n"),
      visibility: later(i) ? "after_due_date" : "visible",
    };
    const withheld = test.visibility === "visible" && (e.fault ? i === faultAt : !c.passed) && secret(i);
    if (!withheld) return [test];
    const property = c.counterexample?.property ?? c.property;
    const said = e.fault
      ? `the exercise failed as a whole (${e.fault.kind}) on what your instructor's seed drew: which, and why, is shown after the due date`
      : `failed on what your instructor's seed drew${property ? ` (${property} is violated)` : ""}: which, and why, is shown after the due date`;
    return [
      { ...test, output: [said, ...hintLines(e, i, options)].join("\n") },
      { ...test, name: `${test.name}: what it failed on`, number: `${test.number}.1`, score: 0, max_score: 0, visibility: "after_due_date" },
    ];
  });
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
