/**
 * Grades a submission folder (the layout of exercises/): for each exercise,
 * runs the learner's file in a sandbox and every check against it. Whatever
 * one exercise does, the others are still graded; only the grader's own
 * exploration decides a score.
 */
import { readFileSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { StateLimitError } from "../explore/state-limit-error.js";
import { RuleFault } from "./graded-rules/rule-fault.js";
import { counterexampleReport } from "./graded-rules/graded-counterexample.js";
import { type CheckOutcome, failed } from "./graded-rules/run-check.js";
import { NO_THROW } from "./graded-rules/graded-model.js";
import { NotAsked } from "./graded-rules/not-asked.js";
import type { KnownAnswers, Submission } from "./graded-rules/remembering-submission.js";
import { answeredBefore, sandboxedSubmission } from "./graded-rules/submission.js";
import { chosenExercises, maxPoints } from "./exercises/catalogue.js";
import { isStub } from "./exercises/stubs.js";
import type { CheckLimits, Exercise, FailedOn, RulesCheck, RulesExercise, ScenarioExercise } from "./exercises/exercise.js";
import { type CheckResult, type ExerciseFault, type ExerciseResult, NOT_STARTED, type SubmissionReport } from "./result.js";
import { BuildError, bundleTimeLimitMs, submissionBundle } from "./sandbox/bundle.js";
import { maxFileBytes, SubmissionFileError, submissionFile } from "./sandbox/submission-files.js";
import { Sandbox, SandboxFailed, type SandboxLimits } from "./sandbox/sandbox.js";
import { lineAsData } from "../render/shown-as-data.js";
import { formatDuration } from "../render/duration.js";
import { exerciseAsData } from "./results-as-data.js";

export interface GradeOptions extends Partial<SandboxLimits>, Partial<CheckLimits> {
  /** Grade only these exercise numbers. */
  readonly only?: readonly number[];
  /**
   * How long a grade of one folder may take as a whole: at this limit its
   * sandbox is stopped, and the exercises not graded yet get 0 saying so.
   */
  readonly gradeTimeLimitMs?: number;
  /**
   * Whether messages name the submission's files by their path from where
   * snaplab runs: the folder as it was given, then the file
   * ("exercises/01-record-and-forward/rules.ts:15:33", which a learner's
   * editor opens from their terminal). Otherwise by their place in the folder
   * ("01-record-and-forward/rules.ts:15:33"), as for an upload the grader
   * unpacked into a folder of its own.
   */
  readonly filesNamedByPath?: boolean;
}

/**
 * The limits a grade has unless told otherwise. A grade as a whole takes a
 * few seconds; its limit is the sum of the rules exercises' own, and half of
 * the time Gradescope gives an autograder by default (ten minutes, after
 * which it records nothing).
 */
export const defaultLimits = {
  timeLimitMs: 3000,
  totalTimeLimitMs: 60_000,
  memoryLimitMb: 256,
  answersLimitMb: 64,
  maxStates: 200_000,
  gradeTimeLimitMs: 300_000,
};

export async function gradeSubmission(directory: string, options: GradeOptions = {}): Promise<SubmissionReport> {
  const begun = performance.now();
  const chosen = chosenExercises(options.only);
  // The grade's deadline, as a time every thread and process reads alike.
  const timed = { ...options, deadline: Date.now() + (options.gradeTimeLimitMs ?? defaultLimits.gradeTimeLimitMs) };
  const exercises = await gradeInGroups(chosen, groupsOf(chosen), directory, timed);
  return {
    folder: lineAsData(directory),
    points: exercises.reduce((sum, e) => sum + e.points, 0),
    maxPoints: exercises.reduce((sum, e) => sum + e.maxPoints, 0),
    exercises,
    elapsedMs: performance.now() - begun,
    ...(exercises.some((result, i) => drew(chosen[i]!, result)) ? { seed: options.seed ?? ("kit" as const) } : {}),
  };
}

/** Whether grading `exercise` ran a check that draws what it grades on: one that did not build, or failed before such a check, drew nothing. */
function drew(exercise: Exercise, result: ExerciseResult): boolean {
  const first = exercise.checks.findIndex((check) => "seeded" in check && check.seeded === true);
  return first >= 0 && (result.fault === undefined || (result.fault.check ?? -1) >= first);
}

/** Indices of the chosen exercises that are graded together, in order. */
export type Group = readonly number[];

/**
 * Grades `groups` one after another (every index of `chosen` in one of
 * them), the results in `chosen`'s order. The next rules group's sandbox is
 * started before the group ahead of it is graded, so that its child starts
 * on another core meanwhile. The answers the sandboxes give are kept for the
 * next exercise of the same code (answersByCode).
 */
async function gradeInGroups(chosen: readonly Exercise[], groups: readonly Group[], directory: string, options: GradeOptions): Promise<ExerciseResult[]> {
  const limits = { ...defaultLimits, ...options };
  const answersFor = answersByCode();
  const isRules = (group: Group) => chosen[group[0]!]!.kind === "rules";
  // One that fails to start is started again by gradeGroup, which tells why.
  const start = (index: number) => startSandbox(chosen[index] as RulesExercise, directory, limits).catch(() => undefined);
  const results: ExerciseResult[] = new Array(chosen.length);
  // The sandbox started for the next rules group, by the index of its first exercise.
  let ahead: { readonly index: number; readonly sandbox: Promise<Started> } | undefined;
  try {
    for (const [n, group] of groups.entries()) {
      const first = group[0]!;
      const sandbox = ahead?.index === first ? ahead.sandbox : isRules(group) ? start(first) : undefined;
      if (ahead?.index === first) ahead = undefined;
      // The next rules group: a scenario exercise ahead of it is graded in a moment, too soon for a child to start.
      const next = groups.slice(n + 1).find(isRules)?.[0];
      if (next !== undefined && ahead === undefined) ahead = { index: next, sandbox: start(next) };
      await ahead?.sandbox;
      const got = await gradeGroup(
        group.map((i) => chosen[i]!),
        directory,
        options,
        sandbox,
        answersFor,
      );
      group.forEach((i, k) => (results[i] = got[k]!));
    }
  } finally {
    const unused = await ahead?.sandbox;
    if (unused && "sandbox" in unused) await unused.sandbox.close();
  }
  return results;
}

/**
 * The chosen exercises in the groups they are graded in (indices of
 * `chosen`), in the order they are graded: rules exercises that fill in the
 * same file one after another (exercises 1 and 2) in one group, whose
 * sandbox answers them all; every other exercise in a group of its own. The
 * exercises that need no sandbox (a scenario the learner writes) come first:
 * graded while the first sandbox's child starts, which the grader would
 * otherwise wait for.
 */
export function groupsOf(chosen: readonly Exercise[]): Group[] {
  const groups: number[][] = [];
  chosen.forEach((exercise, i) => {
    const last = groups.at(-1);
    const before = last && chosen[last.at(-1)!]!;
    if (before?.kind === "rules" && exercise.kind === "rules" && before.file === exercise.file) last!.push(i);
    else groups.push([i]);
  });
  const needsSandbox = (group: Group) => (chosen[group[0]!]!.kind === "rules" ? 1 : 0);
  return groups.sort((a, b) => needsSandbox(a) - needsSandbox(b));
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

/** Grades one exercise: a group of its own (gradeGroup). */
export async function gradeExercise(
  exercise: Exercise,
  directory: string,
  options: GradeOptions = {},
  sandbox?: Promise<Started>,
  answersFor?: (code: string) => KnownAnswers,
): Promise<ExerciseResult> {
  return (await gradeGroup([exercise], directory, options, sandbox, answersFor))[0]!;
}

/** How an exercise came out, before it is scored. */
type Outcome = { readonly checks: CheckResult[] } | { readonly fault: ExerciseFault };

/**
 * Grades a group (groupsOf): one exercise, or rules exercises of the same
 * file, one after another, in order. `sandbox`: the group's sandbox, started
 * ahead (startSandbox); without it, a rules group starts its own.
 * `answersFor`: the answers remembered for a bundle's code, kept from one
 * exercise to the next (rules are pure by contract, and each answer was
 * checked as it was given); without it, each exercise asks its own.
 */
async function gradeGroup(
  group: readonly Exercise[],
  directory: string,
  options: GradeOptions = {},
  sandbox?: Promise<Started>,
  answersFor?: (code: string) => KnownAnswers,
): Promise<ExerciseResult[]> {
  const limits = { ...defaultLimits, ...options };
  const first = group[0]!;
  const file = join(directory, first.file);
  // Each exercise's time, from the end of the one before.
  const elapsed: number[] = [];
  let since = performance.now();
  const timed = (outcome: Outcome) => {
    const now = performance.now();
    elapsed.push(now - since);
    since = now;
    return outcome;
  };
  let outcomes: Outcome[];
  try {
    const shown = shownFile(first, directory, limits);
    const problem = pastDeadline(limits) ?? fileProblem(first, file, shown) ?? notStarted(first, file, shown);
    if (problem) {
      // The grade's time is up, the file is still the stub, or it went away after its sandbox was started.
      const unused = await sandbox;
      if (unused && "sandbox" in unused) await unused.sandbox.close();
      outcomes = group.map(() => timed({ fault: problem }));
    } else if (first.kind === "scenario") outcomes = [timed(gradeScenario(first, file, directory, limits))];
    else {
      const started = (await sandbox) ?? (await startSandbox(first, directory, limits));
      outcomes = await gradeRules(group as RulesExercise[], started, limits, timed, answersFor);
    }
  } catch (error) {
    // A fault of the grader's own: this group is not graded, the others still are.
    const message = `the grader failed on this exercise (${error instanceof Error ? error.message : String(error)})`;
    outcomes = group.map(() => ({ fault: { kind: "grader", message } }));
  }
  // Closing the sandbox is the last exercise's time; an exercise a fault of the grader's cut short has none.
  const last = group.length - 1;
  elapsed[last] = (elapsed[last] ?? 0) + performance.now() - since;
  return group.map((exercise, i) => scored(exercise, explorable(exercise, outcomes[i]!, keptFile(exercise, directory, limits)), elapsed[i] ?? 0));
}

/**
 * How a command names the learner's file: as messages do where they name it
 * by its path; else where the kit keeps it (an upload's folder is laid out
 * like the kit's exercises/).
 */
const keptFile = (exercise: Exercise, directory: string, options: Pick<GradeOptions, "filesNamedByPath">) =>
  options.filesNamedByPath ? join(directory, exercise.file) : join("exercises", exercise.file);

/** The outcome with each failure's command to explore it (Exercise.explore), and its trace's rules file named so; a fault's only where it was met on a scenario. */
function explorable(exercise: Exercise, outcome: Outcome, file: string): Outcome {
  const explore = (failed: FailedOn) => {
    const command = exercise.explore(file, failed);
    return { ...(command === undefined ? {} : { explore: command }), ...(failed.trace ? { trace: { ...failed.trace, rules: file } } : {}) };
  };
  if ("fault" in outcome) return outcome.fault.scenario ? { fault: { ...outcome.fault, ...explore(outcome.fault) } } : outcome;
  return { checks: outcome.checks.map((check) => (check.passed ? check : { ...check, ...explore(check) })) };
}

/** An exercise's result from its outcome, with the points its checks earned. */
function scored(exercise: Exercise, outcome: Outcome, elapsedMs: number): ExerciseResult {
  if ("fault" in outcome) return faultedExercise(exercise, outcome.fault, elapsedMs);
  const points = outcome.checks.reduce((sum, c) => sum + c.points, 0);
  const max = maxPoints(exercise);
  // Where a submission's words enter the result: shown as data from here on.
  return exerciseAsData({
    ...header(exercise),
    points,
    maxPoints: max,
    passed: points === max,
    checks: outcome.checks,
    elapsedMs,
  });
}

/** An exercise that gets zero as a whole, for `fault`: every check 0, none run. */
export function faultedExercise(exercise: Exercise, fault: ExerciseFault, elapsedMs = 0): ExerciseResult {
  const checks = exercise.checks.map((c) => ({ name: c.name, points: 0, maxPoints: c.points, passed: false, states: 0, failure: fault.message }));
  return exerciseAsData({ ...header(exercise), points: 0, maxPoints: maxPoints(exercise), passed: false, fault, checks, elapsedMs });
}

const header = ({ number, slug, title, file }: Exercise) => ({ number, slug, title, file });

/** How messages name the exercise's file (GradeOptions.filesNamedByPath). */
const shownFile = (exercise: Exercise, directory: string, options: Pick<GradeOptions, "filesNamedByPath">) =>
  options.filesNamedByPath ? join(directory, exercise.file) : exercise.file;
const fileFault = (exercise: Exercise) => (exercise.kind === "scenario" ? "scenario" : "build");

/** Why an exercise is not graded at all once the grade's deadline has passed (none before it). */
function pastDeadline(limits: { readonly deadline?: number; readonly gradeTimeLimitMs: number }): ExerciseFault | undefined {
  if (Date.now() < (limits.deadline ?? Infinity)) return undefined;
  return { kind: "timeout", message: `not graded: the grade as a whole reached its time limit (${formatDuration(limits.gradeTimeLimitMs)}) first` };
}

/**
 * What is wrong with the exercise's file before anything opens it (a FIFO or
 * a device would hang or flood the grader), naming it `named`.
 */
export function fileProblem(exercise: Exercise, file: string, named = exercise.file): ExerciseFault | undefined {
  let found: Stats | undefined;
  try {
    found = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    // A loop of symbolic links (ELOOP), a folder on the way that may not be entered (EACCES): the learner's to fix.
    return { kind: fileFault(exercise), message: `${named} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})` };
  }
  if (!found) return { kind: "missing", message: `there is no ${named}` };
  if (!found.isFile()) return { kind: fileFault(exercise), message: `${named} is not a regular file` };
  if (found.size > maxFileBytes) return { kind: fileFault(exercise), message: `${named} is larger than ${maxFileBytes / 1024} KB` };
  return undefined;
}

/**
 * Why an exercise whose file is still the stub as handed out gets 0 as a
 * whole, without a sandbox or a check run: its checks' counterexamples would
 * say only that the TODOs are empty. Undefined for a file that is not the
 * stub, or cannot be read (grading it says why).
 */
function notStarted(exercise: Exercise, file: string, named = exercise.file): ExerciseFault | undefined {
  let data: Uint8Array;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  return isStub(exercise, data) ? { kind: NOT_STARTED, message: `not started: fill in the TODOs in ${named} (its README says how)` } : undefined;
}

/** A rules exercise's sandbox, started (its child starting), or why it cannot be; undefined for a file with a problem (gradeExercise tells it). */
export type Started = { readonly sandbox: Sandbox } | { readonly fault: ExerciseFault } | undefined;

export async function startSandbox(
  exercise: RulesExercise,
  directory: string,
  limits: SandboxLimits & Pick<GradeOptions, "filesNamedByPath">,
): Promise<Started> {
  const file = join(directory, exercise.file);
  if (fileProblem(exercise, file) || notStarted(exercise, file)) return undefined;
  try {
    // Only files of the submission folder go into the bundle.
    // The bundler's own time limit, or what is left of the grade's if that is less.
    const timeLimitMs = Math.max(0, Math.min(bundleTimeLimitMs, (limits.deadline ?? Infinity) - Date.now()));
    const folder = limits.filesNamedByPath ? { folder: directory } : {};
    return { sandbox: await Sandbox.start(submissionBundle(file, exercise.file, directory, { timeLimitMs, ...folder }), limits) };
  } catch (error) {
    if (error instanceof BuildError) return { fault: { kind: "build", message: `does not build: ${error.message}` } };
    throw error;
  }
}

/**
 * The rules exercises of a group graded in `started`'s sandbox, one after
 * another, each with a time and answer budget of its own. An exercise whose
 * sandbox failed (an endless loop, its memory) leaves the next one a fresh
 * sandbox of the same bundle. What a sandbox's child printed is judged when
 * it closes, for every exercise it answered: a file must not print.
 */
async function gradeRules(
  group: readonly RulesExercise[],
  started: Started,
  limits: typeof defaultLimits & Pick<CheckLimits, "seed">,
  timed: (outcome: Outcome) => Outcome,
  answersFor?: (code: string) => KnownAnswers,
): Promise<Outcome[]> {
  if (!started) throw new Error("the exercise's file changed while it was graded");
  if ("fault" in started) return group.map(() => timed({ fault: started.fault }));
  // The sandbox open, if any, and the exercises it has answered, by their place in the group.
  let open: Sandbox | undefined = started.sandbox;
  let answered: number[] = [];
  const outcomes: Outcome[] = [];
  const closed = async () => {
    if (!open) return;
    const closing = open;
    open = undefined;
    const { stdout } = await closing.close();
    if (stdout.trim() === "") return;
    const line = stdout.trim().split("\n")[0]!.slice(0, 80);
    const message = `printed to stdout ("${line}"): rules must not print, only the grader reports results (console.error is fine for debugging: snaplab explore --rules shows it)`;
    for (const i of answered) if (!("fault" in outcomes[i]!)) outcomes[i] = { fault: { kind: "stdout", message } };
  };
  try {
    for (const exercise of group) {
      const late = pastDeadline(limits);
      if (late) {
        outcomes.push(timed({ fault: late }));
        continue;
      }
      // An instructor's seed draws what learners may not see before the due date: a child that has answered
      // questions on it answers no check shown before then (its rules could keep what they saw, and throw it).
      if (answered.length > 0 && (open.failed || limits.seed !== undefined)) {
        const { bundle, limits: sandboxLimits } = open;
        await closed();
        answered = [];
        open = new Sandbox(bundle, sandboxLimits);
      }
      const outcome = timed(checkedIn(open, answered.length === 0, exercise, limits, answersFor));
      answered.push(outcomes.push(outcome) - 1);
    }
  } finally {
    // Also when the grader itself failed (faultOf throws again): no child is left behind either way.
    await closed();
  }
  return outcomes;
}

/** Runs `exercise`'s checks against the submission in `sandbox` (loaded first if `load`), with a budget of its own. */
function checkedIn(
  sandbox: Sandbox,
  load: boolean,
  exercise: RulesExercise,
  limits: typeof defaultLimits,
  answersFor?: (code: string) => KnownAnswers,
): Outcome {
  try {
    if (load) sandbox.load();
    sandbox.renewBudget();
    const answers = answersFor?.(sandbox.bundle.code) ?? new Map();
    const submission = sandboxedSubmission(sandbox, answers);
    let running: RulesCheck | undefined;
    try {
      const checks = exercise.checks.map((check) => checkResult((running = check), () => check.run(submission, limits)));
      submission.recheck();
      return { checks };
    } catch (error) {
      // After a call that did not answer in time its sandbox is gone: the run to it is found from the answers known.
      const again = error instanceof RuleFault && error.fault === "timeout" ? answeredBefore(answers) : submission;
      const fault = withRunToThrow(faultOf(error), error, running, again, limits);
      // Told under the check that met it; what a seed drew, an instructor's seed keeps from learners until the due date (gradescope-report.ts).
      return { fault: running ? { ...fault, check: exercise.checks.indexOf(running) } : fault };
    }
  } catch (error) {
    return { fault: faultOf(error) };
  }
}

function gradeScenario(exercise: ScenarioExercise, file: string, directory: string, limits: CheckLimits & Pick<GradeOptions, "filesNamedByPath">) {
  try {
    // Only a file of the submission folder, symlinks followed, as for a rules file: a link to solutions/ got full marks.
    const scenario = exercise.load(submissionFile(file, exercise.file, directory).path, shownFile(exercise, directory, limits));
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
  const passed = !failed(outcome);
  const c = outcome.counterexample;
  return {
    ...base,
    points: passed ? check.points : 0,
    passed,
    states: outcome.states,
    ...(c ? { counterexample: counterexampleReport(c) } : {}),
    ...(outcome.failure ? { failure: outcome.failure } : {}),
    ...(!c && outcome.violated ? { property: outcome.violated[0] } : {}),
    ...(outcome.scenario ? { scenario: outcome.scenario } : {}),
    ...(outcome.fixed ? { fixed: outcome.fixed } : {}),
    ...(outcome.input ? { input: outcome.input } : {}),
    ...(outcome.wholeFile ? { wholeFile: outcome.wholeFile } : {}),
    ...(outcome.firstSteps && !passed ? { firstSteps: outcome.firstSteps } : {}),
    ...(outcome.trace ? { trace: outcome.trace } : {}),
  };
}

/**
 * For a rule that threw, or a call that did not answer in time, the shortest
 * run to such a call: the check that met it explored again, such a call now
 * ending its run (answers are remembered, so the rules are asked little that
 * is new; after a call that did not answer, `submission` answers from memory
 * alone, answeredBefore, and the search follows only the answers known). The
 * fault then says that run's call, on the smallest generated scenario where
 * the check is on generated ones. As it was where no run leads to it (a rule
 * the properties call, as exercise 3's are) or the check cannot find it again.
 */
function withRunToThrow(fault: ExerciseFault, error: unknown, check: RulesCheck | undefined, submission: Submission, limits: CheckLimits): ExerciseFault {
  if (!(error instanceof RuleFault) || (error.fault !== "throws" && error.fault !== "timeout") || !check) return fault;
  let outcome: CheckOutcome;
  try {
    outcome = check.run(submission, { ...limits, throwsEndRuns: true });
  } catch (again) {
    // The rules' fault, the sandbox's limits, or a question no sandbox is left to answer, on the way: the fault as it was. Anything else is the grader's bug.
    if (again instanceof RuleFault || again instanceof SandboxFailed || again instanceof StateLimitError || again instanceof NotAsked) return fault;
    throw again;
  }
  const c = outcome.counterexample;
  if (c?.property !== NO_THROW) return fault;
  const scenario = outcome.scenario ? { scenario: outcome.scenario, ...(outcome.fixed ? { fixed: outcome.fixed } : {}) } : {};
  return { ...fault, message: c.reason, run: counterexampleReport(c), ...scenario };
}

function faultOf(error: unknown): ExerciseFault {
  if (error instanceof RuleFault) return { kind: error.fault, message: error.message, ...(error.scenario ? { scenario: error.scenario } : {}) };
  if (error instanceof SandboxFailed) return { kind: error.failure.kind, message: error.failure.message };
  throw error;
}
