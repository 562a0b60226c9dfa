/**
 * The one search pipeline: explores a packed model (the compact engine's, or
 * any model interned by interned-model.ts) breadth-first or depth-first,
 * reduced or not, whole states or fingerprints, then hands back readable
 * figures, terminal states and counterexamples, so reports, diagrams and
 * replay work the same whichever encoding ran. A counterexample is rebuilt
 * by replaying its actions on the readable model, so its states are exactly
 * the objects the readable model makes (unchanged parts shared between steps,
 * which describing a step relies on).
 */
import type { Model } from "../model-contract/model.js";
import type { Gather } from "./gather.js";
import type { PackedModel } from "../model-contract/packed-model.js";
import type { Exploration, Progress, Violation } from "./exploration.js";
import { packedBfs, type PackedBfs } from "./packed-bfs.js";
import { packedDfs } from "./packed-dfs.js";
import { endlessRun, endlessRunReason } from "./endless-run.js";
import { collisionProbability, type PackedExploration, type PackedSearchOptions } from "./packed-search.js";
import { ReductionVoided } from "./reduction-voided.js";
import { StateLimitError } from "./state-limit-error.js";
import type { SearchMode, SearchSummary } from "./search-mode.js";
import { shortestCounterexamples, type PackedCounterexample } from "./shortest-counterexamples.js";

/**
 * How many states a search stores unless told otherwise, in either engine,
 * before stopping with a StateLimitError (exit 2 in a command): tens of bytes
 * each, about 2 GB at most. `--max-states` changes it; `--max-memory` holds
 * whatever it is.
 */
export const DEFAULT_MAX_STATES = 30_000_000;

export interface ExploreOptions<State = unknown> {
  /** Stop with a `StateLimitError` once more states than this are stored (default DEFAULT_MAX_STATES). */
  readonly maxStates?: number;
  /** Called about every `progressEveryMs` milliseconds while exploring. */
  readonly onProgress?: (progress: Progress) => void;
  readonly progressEveryMs?: number;
  /** Also count the executions that pass through a state where this holds (reported as `executionsThrough`). */
  readonly measureExecutionsThrough?: (state: State) => boolean;
  /** The model's steps ask another process (a learner's rules in a sandbox): ask their questions in batches (interned-model.ts). */
  readonly gather?: Gather;
  /**
   * Whether each counterexample is a shortest one (the default). A caller
   * that asks only whether a property fails takes, from a reduced
   * breadth-first search, the path it met the failure on: the shortest
   * takes a search of the full graph down to its depth, which can be far
   * bigger than the reduced one.
   */
  readonly shortest?: boolean;
  /**
   * Which failures get a counterexample: each failed property's (the
   * default), or only the shortest of them all, the one met first among
   * equals, for a caller that shows one (a grade). Every failed property is
   * still named (Exploration.violated); a counterexample costs a replay of
   * its path, and a run of many snapshots can fail a property for each.
   */
  readonly counterexamples?: "each property" | "the shortest";
}

export interface PackedExplorationOf<State, Action> extends Exploration<State, Action> {
  readonly search: SearchSummary;
}

/** A packed encoding of a readable model, and the way back. */
export interface PackedEncoding<State> {
  readonly model: PackedModel;
  decode(vector: Uint32Array, at: number): State;
  /** Which engine this is, as the report names it. */
  readonly engine: SearchSummary["engine"];
}

export function explorePacked<State, Action>(
  readable: Model<State, Action>,
  { model, decode, engine }: PackedEncoding<State>,
  options: ExploreOptions<State> & SearchMode = {},
): PackedExplorationOf<State, Action> {
  // A model that cannot say which of its transitions are independent, or whose reduction cannot keep
  // the verdict of one of its properties, is searched unreduced.
  const asked = options.reduction === "por";
  let unreduced = asked ? (model.reduction ? unkeptProperty(readable) : "the model says of none of its steps which are independent") : undefined;
  const search = options.search ?? "bfs";
  const fingerprint = options.fingerprint ?? false;
  const searchOptions = (reduction: boolean): PackedSearchOptions => ({
    fingerprint,
    reduction,
    maxStates: options.maxStates ?? DEFAULT_MAX_STATES,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.progressEveryMs === undefined ? {} : { progressEveryMs: options.progressEveryMs }),
  });
  const run = (reduction: boolean) => (search === "bfs" ? packedBfs(model, searchOptions(reduction)) : packedDfs(model, searchOptions(reduction)));
  let reduce = asked && model.reduction !== undefined && unreduced === undefined;
  let result: PackedExploration | PackedBfs;
  try {
    model.reduction?.watch?.(reduce);
    result = run(reduce);
  } catch (error) {
    // Past the limit unreduced too (the reduced graph's states are some of the full graph's).
    if (!reduce || error instanceof StateLimitError) throw error;
    // A step broke what the reduction assumed of the model's steps: the reduced graph proves nothing, the full one is searched.
    // Any other error is the model's (a learner's rule that threw, met in the reduced search or in trying which steps
    // commute): the full search stops at the first one it meets, which is the one to tell.
    if (error instanceof ReductionVoided) unreduced = error.reason;
    reduce = false;
    model.reduction!.watch!(false);
    result = run(false);
  } finally {
    model.reduction?.watch?.(false);
  }
  const mode = { search, reduction: reduce ? "por" : "none", fingerprint } as const;
  const bfs = search === "bfs" ? (result as PackedBfs) : undefined;

  // An unreduced breadth-first search already met each violation first on a shortest path, the shortest first.
  const failed: Failure[] =
    bfs && (!reduce || options.shortest === false)
      ? bfs.violations.map((v) => ({ property: v.property, depth: v.depth, path: () => ({ property: v.property, ...bfs.pathTo(v.state) }) }))
      : shortestCounterexamples(model, result.violations, searchOptions(false)).map((c) => ({ property: c.property, depth: c.actions.length, path: () => c }));
  // A run that never ends breaks a claim about how every run ends, which no terminal state can show.
  if (result.executions === undefined) failed.push(...endlessRunFailures(readable, model, failed, options.maxStates ?? DEFAULT_MAX_STATES));
  const shortest = failed.reduce<(typeof failed)[number] | undefined>((best, v) => (best && best.depth <= v.depth ? best : v), undefined);
  const shown = options.counterexamples === "the shortest" ? (shortest ? [shortest] : []) : failed;

  const terminalStates: State[] = [];
  for (let at = 0; at < result.terminals.length; at += model.words) terminalStates.push(decode(result.terminals, at));
  return {
    states: result.states,
    transitions: result.transitions,
    executions: result.executions,
    ...(result.executionsThrough === undefined ? {} : { executionsThrough: result.executionsThrough }),
    terminalStates,
    violations: shown.map((v) => readableViolation(readable, v.path(), v.reason)),
    violated: failed.map((v) => readable.properties()[v.property]!.name),
    elapsedMs: result.elapsedMs,
    search: {
      engine,
      ...mode,
      bytes: result.bytes,
      ...(asked && !reduce ? { ignored: ["--reduction por"] } : {}),
      ...(unreduced === undefined ? {} : { unreducedBecause: unreduced }),
      ...(mode.fingerprint ? { collisionProbability: collisionProbability(result.states, result.generated) } : {}),
    },
  };
}

/** Why a reduced search could miss a failure of one of the model's properties checked in every state, if it could. */
function unkeptProperty<State, Action>(model: Model<State, Action>): string | undefined {
  const reduction = model.reduction;
  if (!reduction) return undefined;
  const unkept = model.properties().find((p) => p.expectation === "always" && !reduction.keeps(p));
  return unkept && `the reduction cannot keep the verdict of "${unkept.name}", checked in every state`;
}

/** A property that failed, how deep, the path that shows it, and why, where its check on the path's last state does not say. */
interface Failure {
  readonly property: number;
  readonly depth: number;
  readonly path: () => Pick<PackedCounterexample, "property" | "initial" | "actions">;
  readonly reason?: string;
}

/** Each claim about how every run ends (Property.brokenByEndlessRuns) not failed yet, broken by a run that never ends. */
function endlessRunFailures<State, Action>(readable: Model<State, Action>, model: PackedModel, failed: readonly Failure[], maxStates: number): Failure[] {
  const broken = readable.properties().flatMap((p, i) => (p.brokenByEndlessRuns && !failed.some((f) => f.property === i) ? [i] : []));
  const run = broken.length > 0 ? endlessRun(model, maxStates) : undefined;
  if (!run) return [];
  const reason = endlessRunReason(run.stem, run.actions.length);
  return broken.map((property) => ({ property, depth: run.actions.length, path: () => ({ property, ...run }), reason }));
}

function readableViolation<State, Action>(
  model: Model<State, Action>,
  counterexample: Pick<PackedCounterexample, "property" | "initial" | "actions">,
  reason?: string,
): Violation<State, Action> {
  const states: State[] = [model.initStates()[counterexample.initial]!];
  const actions: Action[] = [];
  for (const index of counterexample.actions) {
    const state = states[states.length - 1]!;
    actions.push(model.actions(state)[index]!);
    states.push(model.nextState(state, actions[actions.length - 1]!));
  }
  const property = model.properties()[counterexample.property]!;
  return { property: property.name, reason: reason ?? property.check(states[states.length - 1]!) ?? "", path: { states, actions } };
}
