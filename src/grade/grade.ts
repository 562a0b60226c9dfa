/**
 * Grades a submission folder (the layout of exercises/): for each exercise,
 * runs the learner's file in a sandbox and every check against it. Whatever
 * one exercise does, the others are still graded; only the grader's own
 * exploration decides a score.
 */
import { type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { StateLimitError } from "../explore/state-limit-error.js";
import { RuleFault } from "./check/rule-fault.js";
import { counterexampleReport } from "./check/graded-counterexample.js";
import type { CheckOutcome } from "./check/run-check.js";
import { NO_THROW } from "./check/graded-model.js";
import { type KnownAnswers, sandboxedSubmission, type Submission } from "./check/submission.js";
import { chosenExercises, maxPoints } from "./exercises/catalogue.js";
import type { CheckLimits, Exercise, RulesCheck, RulesExercise, ScenarioExercise } from "./exercises/exercise.js";
import type { CheckResult, ExerciseFault, ExerciseResult, SubmissionReport } from "./result.js";
import { BuildError, submissionBundle } from "./sandbox/bundle.js";
import { maxFileBytes, SubmissionFileError, submissionFile } from "./sandbox/submission-files.js";
import { Sandbox, SandboxFailed, type SandboxLimits } from "./sandbox/sandbox.js";
import { findIsolation } from "./sandbox/isolation.js";
import { exerciseAsData, lineAsData } from "./shown-as-data.js";
import { type GradeAt, gradeInLanes, serveGradingLane } from "./grading-lanes.js";

export interface GradeOptions extends Partial<SandboxLimits>, Partial<CheckLimits> {
  /** Grade only these exercise numbers. */
  readonly only?: readonly number[];
}

export const defaultLimits = { timeLimitMs: 3000, totalTimeLimitMs: 60_000, memoryLimitMb: 256, answersLimitMb: 64, maxStates: 200_000 };

export async function gradeSubmission(directory: string, options: GradeOptions = {}): Promise<SubmissionReport> {
  const begun = performance.now();
  const chosen = chosenExercises(options.only);
  const exercises = await gradeInLanes(chosen, directory, options, laneGrader(chosen, directory, options), (exercise, message) =>
    faultedExercise(exercise, { kind: "grader", message }),
  );
  return {
    directory: lineAsData(directory),
    points: exercises.reduce((sum, e) => sum + e.points, 0),
    maxPoints: exercises.reduce((sum, e) => sum + e.maxPoints, 0),
    exercises,
    elapsedMs: performance.now() - begun,
  };
}

/**
 * How one lane grades exercises of `chosen` (grading-lanes.ts): the next
 * rules exercise's sandbox is started before the exercise ahead of it is
 * graded, so that its child starts on another core meanwhile. One started
 * for an exercise the other lane took instead is closed unused. The answers
 * the lane's sandboxes give are kept for the next exercise of the same code
 * (answersByCode).
 */
export function laneGrader(chosen: readonly Exercise[], directory: string, options: GradeOptions): GradeAt {
  const limits = { ...defaultLimits, ...options };
  const started = new Map<number, Promise<Started>>();
  const answersFor = answersByCode();
  const start = (index: number | undefined) => {
    const exercise = index === undefined ? undefined : chosen[index];
    // One that fails to start is started again by gradeExercise, which tells why.
    if (exercise?.kind === "rules" && !started.has(index!))
      started.set(
        index!,
        startSandbox(exercise, directory, limits).catch(() => undefined),
      );
  };
  const discard = async (...kept: (number | undefined)[]) => {
    for (const [index, sandbox] of started) {
      if (kept.includes(index)) continue;
      started.delete(index);
      const unused = await sandbox;
      if (unused && "sandbox" in unused) await unused.sandbox.close();
    }
  };
  return {
    async grade(index, ahead) {
      // The next rules exercise: a scenario exercise ahead of it is graded in a moment, too soon for a child to start.
      const next = ahead.find((i) => chosen[i]!.kind === "rules");
      start(index);
      start(next);
      await discard(index, next);
      if (next !== undefined) await started.get(next);
      const sandbox = started.get(index);
      started.delete(index);
      return gradeExercise(chosen[index]!, directory, options, sandbox, answersFor);
    },
    finish: () => discard(),
  };
}

/**
 * The answers remembered for each bundle's code, kept from one exercise to
 * the next: exercises 1 and 2 grade the same file, and the same code gets the
 * answers it gave to the same questions. A file changed in between is
 * another bundle, asked afresh.
 */
export function answersByCode(): (code: string) => KnownAnswers {
  const books = new Map<string, KnownAnswers>();
  return (code) => books.get(code) ?? books.set(code, new Map()).get(code)!;
}

/** In a grading lane's worker thread (the CLI's bundle started as one): grades what it takes until none is left. */
export function serveLane(): Promise<void> {
  return serveGradingLane((directory, options) => {
    return laneGrader(chosenExercises((options as GradeOptions).only), directory, options as GradeOptions);
  });
}

/**
 * `sandbox`: the exercise's sandbox, started ahead (startSandbox); without
 * it, a rules exercise starts its own. `answersFor`: the answers remembered
 * for a bundle's code, kept from one exercise to the next (rules are pure by
 * contract, and each answer was checked as it was given); without it, each
 * exercise asks its own.
 */
export async function gradeExercise(
  exercise: Exercise,
  directory: string,
  options: GradeOptions = {},
  sandbox?: Promise<Started>,
  answersFor?: (code: string) => KnownAnswers,
): Promise<ExerciseResult> {
  const started = performance.now();
  const limits = { ...defaultLimits, ...options };
  const file = join(directory, exercise.file);
  let outcome: { checks: CheckResult[] } | { fault: ExerciseFault };
  try {
    const problem = fileProblem(exercise, file);
    if (problem) {
      // The file went away after its sandbox was started.
      const unused = await sandbox;
      if (unused && "sandbox" in unused) await unused.sandbox.close();
      outcome = { fault: problem };
    } else if (exercise.kind === "scenario") outcome = gradeScenario(exercise, file, directory, limits);
    else outcome = await gradeRules(exercise, (await sandbox) ?? (await startSandbox(exercise, directory, limits)), limits, answersFor);
  } catch (error) {
    // A fault of the grader's own: this exercise is not graded, the others still are.
    outcome = { fault: { kind: "grader", message: `the grader failed on this exercise (${error instanceof Error ? error.message : String(error)})` } };
  }

  const max = maxPoints(exercise);
  if ("fault" in outcome) return faultedExercise(exercise, outcome.fault, performance.now() - started);
  const points = outcome.checks.reduce((sum, c) => sum + c.points, 0);
  // Where a submission's words enter the result: shown as data from here on.
  return exerciseAsData({
    ...header(exercise),
    points,
    maxPoints: max,
    passed: points === max,
    checks: outcome.checks,
    elapsedMs: performance.now() - started,
  });
}

/** An exercise that gets zero as a whole, for `fault`: every check 0, none run. */
export function faultedExercise(exercise: Exercise, fault: ExerciseFault, elapsedMs = 0): ExerciseResult {
  const checks = exercise.checks.map((c) => ({ name: c.name, points: 0, maxPoints: c.points, passed: false, states: 0, failure: fault.message }));
  return exerciseAsData({ ...header(exercise), points: 0, maxPoints: maxPoints(exercise), passed: false, fault, checks, elapsedMs });
}

const header = ({ number, slug, title, file }: Exercise) => ({ number, slug, title, file });
const fileFault = (exercise: Exercise) => (exercise.kind === "scenario" ? "scenario" : "build");

/** What is wrong with the exercise's file before anything opens it (a FIFO or a device would hang or flood the grader). */
export function fileProblem(exercise: Exercise, file: string): ExerciseFault | undefined {
  let found: Stats | undefined;
  try {
    found = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    // A loop of symbolic links (ELOOP), a folder on the way that may not be entered (EACCES): the learner's to fix.
    return { kind: fileFault(exercise), message: `${exercise.file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})` };
  }
  if (!found) return { kind: "missing", message: `there is no ${exercise.file}` };
  if (!found.isFile()) return { kind: fileFault(exercise), message: `${exercise.file} is not a regular file` };
  if (found.size > maxFileBytes) return { kind: fileFault(exercise), message: `${exercise.file} is larger than ${maxFileBytes / 1024} KB` };
  return undefined;
}

/** A rules exercise's sandbox, started (its child starting), or why it cannot be; undefined for a file with a problem (gradeExercise tells it). */
export type Started = { readonly sandbox: Sandbox } | { readonly fault: ExerciseFault } | undefined;

export async function startSandbox(exercise: RulesExercise, directory: string, limits: SandboxLimits): Promise<Started> {
  const file = join(directory, exercise.file);
  if (fileProblem(exercise, file)) return undefined;
  try {
    // Only files of the submission folder go into the bundle; the walls are found meanwhile.
    const [bundle] = await Promise.all([submissionBundle(file, exercise.file, directory), findIsolation()]);
    return { sandbox: new Sandbox(bundle, limits) };
  } catch (error) {
    if (error instanceof BuildError) return { fault: { kind: "build", message: `does not build: ${error.message}` } };
    throw error;
  }
}

async function gradeRules(exercise: RulesExercise, started: Started, limits: typeof defaultLimits, answersFor?: (code: string) => KnownAnswers) {
  if (!started) throw new Error("the exercise's file changed while it was graded");
  if ("fault" in started) return { fault: started.fault };
  const { sandbox } = started;
  let result: { checks: CheckResult[] } | { fault: ExerciseFault };
  let stdout: string;
  try {
    sandbox.load();
    const submission = sandboxedSubmission(sandbox, answersFor?.(sandbox.bundle.code));
    let running: RulesCheck | undefined;
    try {
      const checks = exercise.checks.map((check) => checkResult((running = check), () => check.run(submission, limits)));
      submission.recheck();
      result = { checks };
    } catch (error) {
      result = { fault: withRunToThrow(faultOf(error), error, running, submission, limits) };
    }
  } catch (error) {
    result = { fault: faultOf(error) };
  } finally {
    // Also when the grader itself failed (faultOf throws again): no child is left behind either way.
    ({ stdout } = await sandbox.close());
  }
  if (stdout.trim() !== "" && !("fault" in result)) {
    const line = stdout.trim().split("\n")[0]!.slice(0, 80);
    result = {
      fault: {
        kind: "stdout",
        message: `printed to stdout ("${line}"): rules must not print, only the grader reports results (console.error is fine for debugging: snaplab explore --rules shows it)`,
      },
    };
  }
  return result;
}

function gradeScenario(exercise: ScenarioExercise, file: string, directory: string, limits: CheckLimits) {
  try {
    // Only a file of the submission folder, symlinks followed, as for a rules file: a link to solutions/ got full marks.
    const scenario = exercise.load(submissionFile(file, exercise.file, directory).path);
    return { checks: exercise.checks.map((check) => checkResult(check, () => check.run(scenario, limits))) };
  } catch (error) {
    if (error instanceof SnaplabError || error instanceof SubmissionFileError) return { fault: { kind: "scenario", message: error.message } };
    throw error;
  }
}

function checkResult(check: { name: string; points: number }, run: () => CheckOutcome): CheckResult {
  const base = { name: check.name, maxPoints: check.points };
  let outcome: CheckOutcome;
  try {
    outcome = run();
  } catch (error) {
    if (!(error instanceof StateLimitError)) throw error;
    return { ...base, points: 0, passed: false, states: error.limit, failure: error.message };
  }
  const passed = !outcome.counterexample && !outcome.failure;
  const c = outcome.counterexample;
  return {
    ...base,
    points: passed ? check.points : 0,
    passed,
    states: outcome.states,
    ...(c ? { counterexample: counterexampleReport(c) } : {}),
    ...(outcome.failure ? { failure: outcome.failure } : {}),
    ...(outcome.scenario ? { scenario: outcome.scenario } : {}),
  };
}

/**
 * For a rule that threw, the shortest run to a throw: the check that met it
 * explored again, a throw now ending its run (answers are remembered, so the
 * rules are asked little that is new). The fault then says that run's throw,
 * on the smallest generated scenario where the check is on generated ones.
 * As it was where no run leads to it (a rule the properties call, as
 * exercise 3's are) or the check cannot find it again.
 */
function withRunToThrow(fault: ExerciseFault, error: unknown, check: RulesCheck | undefined, submission: Submission, limits: CheckLimits): ExerciseFault {
  if (!(error instanceof RuleFault) || error.fault !== "throws" || !check) return fault;
  let outcome: CheckOutcome;
  try {
    outcome = check.run(submission, { ...limits, throwsEndRuns: true });
  } catch (again) {
    // The rules' fault, or the sandbox's limits, on the way: the fault as it was. Anything else is the grader's bug.
    if (again instanceof RuleFault || again instanceof SandboxFailed || again instanceof StateLimitError) return fault;
    throw again;
  }
  const c = outcome.counterexample;
  if (c?.property !== NO_THROW) return fault;
  return { ...fault, message: c.reason, run: counterexampleReport(c), ...(outcome.scenario ? { scenario: outcome.scenario } : {}) };
}

function faultOf(error: unknown): ExerciseFault {
  if (error instanceof RuleFault) return { kind: error.fault, message: error.message };
  if (error instanceof SandboxFailed) return { kind: error.failure.kind, message: error.failure.message };
  throw error;
}
