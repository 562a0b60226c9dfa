/**
 * One graded check: explore every interleaving of a system with the
 * learner's rules through `check`, the pipeline every command uses, and if a
 * property or step rule fails, keep the shortest counterexample of all.
 */
import { check } from "../../check/check.js";
import { StateLimitError } from "../../explore/state-limit-error.js";
import type { Counterexample } from "../../check/report.js";
import { checkedAsHalf } from "./file-halves.js";
import { gradedDescriptor, type GradedSystem } from "./graded-system.js";
import type { GradedState } from "./graded-model.js";
import type { Submission } from "./remembering-submission.js";
import type { SavedTrace } from "../../trace/saved-trace.js";

export interface CheckOutcome<State = unknown, Action = unknown> {
  readonly states: number;
  /** Every property and step rule that failed somewhere. */
  readonly violated?: readonly string[];
  readonly counterexample?: Counterexample<GradedState<State>, Action>;
  /** A failure that no trace shows (e.g. a property that should break and holds). */
  readonly failure?: string;
  /** The scenario it failed on, as a scenario file: a generated one, shrunk, or, `fixed`, the check's own. */
  readonly scenario?: object;
  /** The scenario is the check's fixed one. */
  readonly fixed?: true;
  /** The input it failed on, where the check calls a function directly (DrawnInput). */
  readonly input?: DrawnInput;
  /** The counterexample is the learner's whole file's, whose halves each hold beside the reference's other half (file-halves.ts). */
  readonly wholeFile?: true;
  /** The search took only the runs that begin with this many given steps (generated-scenarios.ts, firstSteps). */
  readonly firstSteps?: number;
  /** The counterexample as a trace `snaplab replay` replays, its rules file not named yet: where the search took only such runs. */
  readonly trace?: SavedTrace;
}

/** The check failed: a counterexample, or a failure no trace shows. */
export function failed(outcome: CheckOutcome): boolean {
  return outcome.counterexample !== undefined || outcome.failure !== undefined;
}

/** A drawn input a function answered wrongly, the smallest, and what it is in words ("this drawn view"). */
export interface DrawnInput {
  readonly what: string;
  readonly value: unknown;
}

/**
 * Up to this many states a check searches the full graph, and beyond them
 * the reduced one (spec/reduction.md): finding which of a learner's steps
 * commute costs more, on graphs this small, than the states it saves.
 */
export const FULL_SEARCH_UP_TO = 100_000;

/** How a check searches: `reduction` forces the full graph or the reduced one; `shortest: false` keeps a failure's counterexample as the search met it (ExploreOptions.shortest). */
export interface CheckSearch {
  readonly reduction?: "none" | "por";
  readonly shortest?: boolean;
}

/**
 * With `submission`, the rules' questions are gathered a chunk of states at a time (Submission.gather): same answers, fewer round trips.
 * The full graph is searched while it is small (FULL_SEARCH_UP_TO), the reduced one beyond: the same verdicts and the same shortest
 * counterexamples either way. `reduction` asks for one of the two (the tests compare them).
 */
export function runCheck<State, Action>(
  system: GradedSystem<State, Action>,
  maxStates: number,
  submission?: Pick<Submission, "gather">,
  search: CheckSearch = {},
): CheckOutcome<State, Action> {
  const { halfOf, ...half } = system;
  if (halfOf) return checkedAsHalf(half, halfOf, (one) => runCheck(one, maxStates, submission, search));
  return searched(system, maxStates, submission, search);
}

function searched<State, Action>(
  system: GradedSystem<State, Action>,
  maxStates: number,
  submission: Pick<Submission, "gather"> | undefined,
  { reduction, shortest: onlyShortest }: CheckSearch,
): CheckOutcome<State, Action> {
  const gather = submission ? { gather: (run: () => void) => submission.gather(run) } : {};
  const search = (mode: "none" | "por", limit: number) =>
    check(
      { model: gradedDescriptor<State, Action>(), scenario: system },
      { maxStates: limit, reduction: mode, counterexamples: "the shortest", ...gather, ...(onlyShortest === undefined ? {} : { shortest: onlyShortest }) },
    );
  let report: ReturnType<typeof search>;
  if (reduction !== undefined || maxStates <= FULL_SEARCH_UP_TO) report = search(reduction ?? "none", maxStates);
  else {
    try {
      report = search("none", FULL_SEARCH_UP_TO);
    } catch (error) {
      if (!(error instanceof StateLimitError)) throw error;
      report = search("por", maxStates);
    }
  }
  // The shortest wins, then the one the search met first: the only one the search gives.
  const [shortest] = report.counterexamples;
  if (!shortest) return { states: report.states };
  return { states: report.states, violated: report.violated, counterexample: shortest };
}

/**
 * Runs `actions` again from the initial state and says which property or
 * step rule the end state breaks, and why: a counterexample replays when
 * this gives back its property and reason. `wholeFile`: in the file as a
 * whole, where `system` runs one half of it (CheckOutcome.wholeFile).
 */
export function replay<State, Action>(
  system: GradedSystem<State, Action>,
  actions: readonly Action[],
  wholeFile?: boolean,
): { property: string; reason: string } | undefined {
  if (wholeFile) {
    if (!system.halfOf) throw new Error("replay: the system runs no half of a file");
    return replay(system.halfOf.whole, actions);
  }
  const model = gradedDescriptor<State, Action>().build(system, { name: "graded" });
  let state = model.initStates()[0]!;
  for (const action of actions) {
    const enabled = model.actions(state).some((a) => JSON.stringify(a) === JSON.stringify(action));
    if (!enabled) throw new Error(`replay: ${JSON.stringify(action)} is not enabled`);
    state = model.nextState(state, action);
  }
  const terminal = model.actions(state).length === 0;
  for (const property of model.properties()) {
    if (property.expectation === "atTermination" && !terminal) continue;
    const reason = property.check(state);
    if (reason !== undefined) return { property: property.name, reason };
  }
  return undefined;
}
