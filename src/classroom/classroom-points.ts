/**
 * `snaplab grade --format json` as GitHub Classroom's autograding reporter
 * reads a test runner's result: { version, status, max_score, tests: [{ name,
 * status, score, message }] }, base64-encoded in the step's output "result".
 * The reporter adds the tests' scores up and sends GitHub Classroom the total.
 */
import { chosenExercises, maxPoints } from "../grade/exercises/catalogue.js";

/** What `snaplab grade --format json` writes for one submission (the fields read here). */
interface JsonReport {
  readonly exercises: readonly {
    readonly number: number;
    readonly title: string;
    readonly fault?: { readonly message: string };
    readonly checks: readonly { readonly name: string; readonly points: number; readonly max: number; readonly passed: boolean }[];
  }[];
  readonly failures: readonly { readonly exercise: number; readonly check?: string; readonly property?: string; readonly reason?: string }[];
}

export interface RunnerResult {
  readonly version: 1;
  readonly status: "pass" | "fail" | "error";
  readonly max_score: number;
  readonly tests: readonly { readonly name: string; readonly status: "pass" | "fail" | "error"; readonly score: number; readonly message?: string }[];
}

const seeLog = "run npx snaplab grade for the shortest counterexample";

export function runnerResult(report: JsonReport): RunnerResult {
  const tests = report.exercises.flatMap((e) =>
    e.checks.map((c) => {
      const name = `${e.number}. ${e.title}: ${c.name}`;
      if (c.passed) return { name, status: "pass" as const, score: c.points };
      const failure = report.failures.find((f) => f.exercise === e.number && (f.check === undefined || f.check === c.name));
      const why = e.fault?.message ?? (failure?.property ? `${failure.property} is violated: ${failure.reason}` : (failure?.reason ?? "failed"));
      return { name, status: "fail" as const, score: c.points, message: e.fault ? why : `${why} (${seeLog})` };
    }),
  );
  const max = report.exercises.reduce((sum, e) => sum + e.checks.reduce((s, c) => s + c.max, 0), 0);
  return { version: 1, status: tests.every((t) => t.status === "pass") ? "pass" : "fail", max_score: max, tests };
}

/** The result when grading wrote no report: every chosen exercise's points at stake, none given. */
export function noReportResult(why: string, only?: readonly number[]): RunnerResult {
  const chosen = chosenExercises(only);
  return {
    version: 1,
    status: "error",
    max_score: chosen.reduce((sum, e) => sum + maxPoints(e), 0),
    tests: [{ name: "snaplab grade", status: "error", score: 0, message: why }],
  };
}

/** The line a workflow step appends to $GITHUB_OUTPUT. */
export const outputLine = (result: RunnerResult) => `result=${Buffer.from(JSON.stringify(result)).toString("base64")}\n`;
