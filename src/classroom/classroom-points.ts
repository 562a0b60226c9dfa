/**
 * `snaplab grade --format json` as GitHub Classroom's autograding reporter
 * reads a test runner's result: { version, status, max_score, tests: [{ name,
 * status, score, message }] }, base64-encoded in the step's output "result".
 * The reporter adds the tests' scores up and sends GitHub Classroom the total,
 * and prints each failed test's message in the workflow's log: there, a
 * failed check's message is what the text report says of it, its shortest
 * counterexample included, so that the log shows what `npm test` shows
 * without grading a second time.
 */
import { chosenExercises, maxPoints } from "../grade/exercises/catalogue.js";
import { checkFailureLines } from "../grade/report/failure-text.js";
import { metOn } from "../grade/report/json-report.js";
import type { CheckResult, CounterexampleReport, ExerciseFault, ExerciseResult } from "../grade/result.js";

/** A counterexample as `snaplab grade --format json` writes it (render/counterexample-json.ts). */
interface JsonCounterexample {
  readonly property?: string;
  readonly reason?: string;
  readonly steps?: readonly string[];
  readonly recorded?: string;
  readonly details?: readonly string[];
}

/** A failure as `snaplab grade --format json` writes it (the fields read here). */
interface JsonFailure extends JsonCounterexample {
  readonly exercise: number;
  readonly check?: string;
  readonly scenario?: object;
  readonly fixed?: true;
  readonly explore?: string;
  readonly input?: unknown;
}

/** A fault of a whole exercise as `snaplab grade --format json` writes it: the check that met it by name, the run to a throw without its picture. */
interface JsonFault extends Omit<ExerciseFault, "run" | "check"> {
  readonly check?: string;
  readonly run?: JsonCounterexample;
}

/** What `snaplab grade --format json` writes for one submission (the fields read here). */
interface JsonReport {
  readonly exercises: readonly {
    readonly number: number;
    readonly title: string;
    readonly fault?: JsonFault;
    readonly checks: readonly { readonly name: string; readonly points: number; readonly max: number; readonly passed: boolean; readonly states?: number }[];
  }[];
  readonly failures: readonly JsonFailure[];
}

export interface RunnerResult {
  readonly version: 1;
  readonly status: "pass" | "fail" | "error";
  readonly max_score: number;
  readonly tests: readonly { readonly name: string; readonly status: "pass" | "fail" | "error"; readonly score: number; readonly message?: string }[];
}

export function runnerResult(report: JsonReport): RunnerResult {
  const tests = report.exercises.flatMap((e) => {
    const graded = exerciseResult(e, report.failures);
    return e.checks.map((c, i) => {
      const name = `${e.number}. ${e.title}: ${c.name}`;
      if (c.passed) return { name, status: "pass" as const, score: c.points };
      return { name, status: "fail" as const, score: c.points, message: checkFailureLines(graded, i).join("\n") };
    });
  });
  const max = report.exercises.reduce((sum, e) => sum + e.checks.reduce((s, c) => s + c.max, 0), 0);
  return { version: 1, status: tests.every((t) => t.status === "pass") ? "pass" : "fail", max_score: max, tests };
}

/**
 * An exercise of the JSON report as grading had it, for the text report's
 * lines: all of it but a counterexample's picture, and the words that say
 * what a drawn input is, which the JSON report does not keep.
 */
function exerciseResult(e: JsonReport["exercises"][number], failures: readonly JsonFailure[]): ExerciseResult {
  const checks = e.checks.map((c): CheckResult => {
    const base = { name: c.name, points: c.points, maxPoints: c.max, passed: c.passed, states: c.states ?? 0 };
    const failure = c.passed ? undefined : failures.find((f) => f.exercise === e.number && f.check === c.name);
    if (!failure) return base;
    const scenario = metOn(failure);
    const counterexample = counterexampleReport(failure);
    if (counterexample) return { ...base, ...scenario, counterexample };
    return {
      ...base,
      ...scenario,
      failure: failure.reason ?? "failed",
      ...(failure.property ? { property: failure.property } : {}),
      ...(failure.input === undefined ? {} : { input: { what: "this input", value: failure.input } }),
    };
  });
  const points = checks.reduce((sum, c) => sum + c.points, 0);
  const max = checks.reduce((sum, c) => sum + c.maxPoints, 0);
  const header = { number: e.number, slug: "", title: e.title, file: "" };
  return { ...header, points, maxPoints: max, passed: points === max, ...(e.fault ? { fault: exerciseFault(e.fault, e.checks) } : {}), checks, elapsedMs: 0 };
}

/** A fault as grading had it: the check that met it by its place, the run to a throw with no picture, which the JSON report does not keep. */
function exerciseFault({ run, check, ...fault }: JsonFault, checks: JsonReport["exercises"][number]["checks"]): ExerciseFault {
  const place = checks.findIndex((c) => c.name === check);
  const counterexample = run && counterexampleReport(run);
  return { ...fault, ...(place < 0 ? {} : { check: place }), ...(counterexample ? { run: counterexample } : {}) };
}

/** A counterexample of the JSON report as the text report's lines are made from it, with no picture; none if it is not one. */
function counterexampleReport(json: JsonCounterexample): CounterexampleReport | undefined {
  const { property, reason, steps, recorded = "", details } = json;
  if (!steps || property === undefined || reason === undefined) return undefined;
  return { property, reason, length: steps.length, steps, recorded, diagram: [], ...(details ? { details } : {}) };
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
