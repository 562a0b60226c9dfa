/**
 * What grading found, per check, per exercise, per submission: the data every
 * output format is made from. Its texts are shown as data (results-as-data.ts).
 */
import type { Counterexample } from "../check/report.js";
import type { DrawnInput } from "./graded-rules/run-check.js";
import type { SavedTrace } from "../trace/saved-trace.js";

/** A check's shortest counterexample in words only, as every report format shows it. */
export interface CounterexampleReport extends Pick<Counterexample, "property" | "reason" | "length" | "steps"> {
  /** What the end state recorded, in one line, the data alone: as explore's reports write it. */
  readonly recorded: string;
  /** The counterexample as a space-time diagram (empty where the model has none). */
  readonly diagram: readonly string[];
  /** What a rule saw when it answered with effects that cannot be carried out: the channel's status or where the channels run, the view. */
  readonly details?: readonly string[];
}

export interface CheckResult {
  readonly name: string;
  readonly points: number;
  readonly maxPoints: number;
  readonly passed: boolean;
  /** States explored (0 when the check did not run). */
  readonly states: number;
  readonly counterexample?: CounterexampleReport;
  /** Why it failed, when no trace shows it. */
  readonly failure?: string;
  /** The property it found broken, when no trace shows it (exercise 3's direct calls). */
  readonly property?: string;
  /** The scenario it failed on, as a scenario file: the smallest generated one, or, `fixed`, the check's own. */
  readonly scenario?: object;
  /** The scenario is the check's fixed one, not a generated one shrunk. */
  readonly fixed?: true;
  /** The smallest drawn input it failed on (exercise 3's direct calls). */
  readonly input?: DrawnInput;
  /** The kit's command that explores what it failed on (the scenario saved as it.json first): Exercise.explore. */
  readonly explore?: string;
  /** The counterexample is the whole file's: this exercise's half and the other's each hold beside the reference's (exercises 1 and 2). */
  readonly wholeFile?: true;
  /** The grade searched only the scenario's runs that begin with this many given steps (generated-scenarios.ts, firstSteps). */
  readonly firstSteps?: number;
  /**
   * Where it searched only such runs, too many for explore as well: the counterexample as a trace, with the scenario
   * and the learner's file, which `explore` then replays (snaplab replay --rules) instead of exploring the scenario.
   */
  readonly trace?: SavedTrace;
}

/** What a failure was met on, and how to explore it: the scenario (a generated one, shrunk, or the check's own), or the run as a trace, then the command. */
export type MetOn = Pick<CheckResult, "scenario" | "fixed" | "explore" | "trace">;

/** Why a whole exercise got zero: its file is still the stub, or its code could not be run, or broke the rules' contract. */
export interface ExerciseFault {
  /** e.g. "not-started", "missing", "build", "load", "throws", "mutates", "non-deterministic", "malformed", "exits", "timeout", "memory", "stdout", "scenario". */
  readonly kind: string;
  readonly message: string;
  /** For a rule that threw: the shortest run to the throw (`no-throw`), where the check that met it can show one. */
  readonly run?: CounterexampleReport;
  /** The scenario it was met on, as a scenario file: the smallest generated one, or, `fixed`, the check's own. */
  readonly scenario?: object;
  /** The scenario is the check's fixed one, not a generated one shrunk. */
  readonly fixed?: true;
  /** The kit's command that explores the scenario it was met on (saved as it.json first): Exercise.explore. */
  readonly explore?: string;
  /** Which of the exercise's checks met it (by its place in the list); none where the file did not load. */
  readonly check?: number;
}

export interface ExerciseResult {
  readonly number: number;
  readonly slug: string;
  readonly title: string;
  readonly file: string;
  readonly points: number;
  readonly maxPoints: number;
  readonly passed: boolean;
  readonly fault?: ExerciseFault;
  readonly checks: readonly CheckResult[];
  readonly elapsedMs: number;
}

export interface SubmissionReport {
  /** The folder graded, as it was given. */
  readonly folder: string;
  readonly points: number;
  readonly maxPoints: number;
  readonly exercises: readonly ExerciseResult[];
  readonly elapsedMs: number;
  /** Where the exercises graded draw scenarios or inputs: the seed they came from, the kit's or an instructor's. */
  readonly seed?: number | "kit";
}

/** The fault of an exercise whose file is still the stub as handed out (grade.ts): its message is the whole verdict. */
export const NOT_STARTED = "not-started";
