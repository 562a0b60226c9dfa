/**
 * What an exercise is to the grader: where the learner's work is, and the
 * checks that score it. A check is one scenario explored exhaustively (or,
 * for a scenario the learner writes, one verdict about it).
 */
import type { Scenario } from "../../models/bank/scenario.js";
import type { CheckOutcome } from "../graded-rules/run-check.js";
import type { CheckResult } from "../result.js";
import type { Submission } from "../graded-rules/remembering-submission.js";

export interface CheckLimits {
  /** Stop exploring a check's scenario past this many states. */
  readonly maxStates: number;
  /** A rule that throws ends its run, breaking `no-throw`, instead of stopping the check: to find the run to a throw (graded-model.ts). */
  readonly throwsEndRuns?: boolean;
  /** An instructor's seed for what the checks draw (generated scenarios, exercise 3's inputs); the kit's own without it. */
  readonly seed?: number;
  /**
   * One search forced, the full graph or the reduced one (without it, the full graph up to FULL_SEARCH_UP_TO
   * states and the reduced one beyond: run-check.ts): the same verdicts and counterexamples (spec/reduction.md); the tests compare the two.
   */
  readonly reduction?: "none" | "por";
}

interface ExerciseBase {
  readonly number: number;
  /** Its folder, e.g. "01-record-and-forward". */
  readonly slug: string;
  readonly title: string;
  /** The file the learner fills in, relative to the submission folder. */
  readonly file: string;
  /**
   * The kit's command that explores what a check failed on, the learner's
   * file named `file`: a scenario the check gives, or the trace of its run,
   * is saved as it.json first. Undefined where no command shows it (a
   * function called on a drawn input).
   */
  explore(file: string, failed: FailedOn): string | undefined;
}

/** What a check failed on, as far as a command to explore it needs to know. */
export type FailedOn = Pick<CheckResult, "scenario" | "counterexample" | "trace">;

export interface RulesCheck {
  readonly name: string;
  readonly points: number;
  /** It grades on what it draws from a seed (CheckLimits.seed): an instructor's seed hides it until the due date. */
  readonly seeded?: boolean;
  run(submission: Submission, limits: CheckLimits): CheckOutcome;
  /**
   * Runs a counterexample's actions again: which property or step rule fails at the end, and why. `on`: what its
   * outcome said it was met on (a check on generated scenarios replays on the scenario it reported; a whole file's run, on the whole file).
   */
  replay(
    submission: Submission,
    actions: readonly unknown[],
    on?: Pick<CheckOutcome, "scenario" | "wholeFile">,
  ): { property: string; reason: string } | undefined;
}

/** The learner writes code: it runs in a sandbox and the checks call it. */
export interface RulesExercise extends ExerciseBase {
  readonly kind: "rules";
  readonly checks: readonly RulesCheck[];
}

export interface ScenarioCheck {
  readonly name: string;
  readonly points: number;
  run(scenario: Scenario, limits: CheckLimits): CheckOutcome;
}

/** The learner writes a scenario file: the grader reads it and explores it. */
export interface ScenarioExercise extends ExerciseBase {
  readonly kind: "scenario";
  /** Reads and checks the file; throws a SnaplabError naming the problem, and the file as `named` (never the grader's path to it). */
  load(file: string, named: string): Scenario;
  readonly checks: readonly ScenarioCheck[];
}

export type Exercise = RulesExercise | ScenarioExercise;
