/**
 * The explorer snaplab had before every model went through the one packed
 * search (src/explore/generic-explorer.ts): a breadth-first search over readable
 * states keyed by strings. Kept as the tests' reference: the packed search
 * must give the same figures, verdicts and counterexamples.
 *
 * Exhaustive breadth-first exploration.
 *
 * States are expanded in the order they are discovered, so depth never
 * decreases: the first state found to break a property is at the smallest
 * possible depth, and its path is a shortest counterexample.
 */
import type { Model } from "../../src/model-contract/model.js";
import { countExecutions } from "../../src/explore/executions.js";
import { endlessRunReason } from "../../src/explore/endless-run.js";
import type { Exploration, Progress, Violation } from "../../src/explore/exploration.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";

export interface ExploreOptions<State = unknown> {
  /** Stop with a `StateLimitError` once more states than this are stored. */
  readonly maxStates?: number;
  /** Called about every `progressEveryMs` milliseconds while exploring. */
  readonly onProgress?: (progress: Progress) => void;
  readonly progressEveryMs?: number;
  /** Also count the executions that pass through a state where this holds (reported as `executionsThrough`). */
  readonly measureExecutionsThrough?: (state: State) => boolean;
}

/**
 * The state on a cycle with the shortest run to it and back, the first met
 * among equals, and the actions back (each an index among a state's
 * successors): every state tried by a search from it for itself.
 */
function shortestLasso(offsets: readonly number[], targets: readonly number[], parent: readonly number[]) {
  const depth = (id: number): number => (parent[id] === -1 ? 0 : depth(parent[id]!) + 1);
  let best: { state: number; back: number[] } | undefined;
  for (let state = 0; state < parent.length; state++) {
    const back = wayBack(offsets, targets, state);
    if (back && (!best || depth(state) + back.length < depth(best.state) + best.back.length)) best = { state, back };
  }
  return best;
}

/** The actions of a shortest way from `state` back to itself, or undefined if it is on no cycle. */
function wayBack(offsets: readonly number[], targets: readonly number[], state: number): number[] | undefined {
  const cameFrom = new Map<number, [from: number, action: number]>();
  const queue = [state];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    for (let e = offsets[at]!; e < offsets[at + 1]!; e++) {
      const [next, action] = [targets[e]!, e - offsets[at]!];
      if (next === state) {
        const actions = [action];
        for (let back = at; back !== state; back = cameFrom.get(back)![0]) actions.unshift(cameFrom.get(back)![1]);
        return actions;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, [at, action]);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export function readableBfs<State, Action>(model: Model<State, Action>, options: ExploreOptions<State> = {}): Exploration<State, Action> {
  const started = performance.now();
  const maxStates = options.maxStates ?? Number.POSITIVE_INFINITY;
  const progressEveryMs = options.progressEveryMs ?? 1000;
  let nextProgressAt = started + progressEveryMs;

  const states: State[] = [];
  const index = new Map<string, number>();
  // How each state was first reached, to rebuild its path: parent id and the
  // position of the action in the parent's action list (-1 for initial states).
  const parent: number[] = [];
  const viaAction: number[] = [];
  // Successor lists, laid out in expansion order (a compressed sparse row graph).
  const offsets: number[] = [0];
  const targets: number[] = [];

  const intern = (state: State, from: number, actionIndex: number): number => {
    const key = model.key(state);
    const known = index.get(key);
    if (known !== undefined) return known;
    const id = states.length;
    if (id >= maxStates) throw new StateLimitError(maxStates);
    states.push(state);
    index.set(key, id);
    parent.push(from);
    viaAction.push(actionIndex);
    return id;
  };

  const initial = model.initStates().map((s) => intern(s, -1, -1));
  const properties = model.properties();
  const violations: Violation<State, Action>[] = [];
  const violated = new Set<string>();
  const terminalStates: State[] = [];

  const check = (id: number, state: State, expectation: "always" | "atTermination") => {
    for (const property of properties) {
      if (property.expectation !== expectation || violated.has(property.name)) continue;
      const reason = property.check(state);
      if (reason === undefined) continue;
      violated.add(property.name);
      violations.push({ property: property.name, reason, path: pathTo(id) });
    }
  };

  const pathTo = (id: number) => {
    const ids: number[] = [];
    for (let at = id; at !== -1; at = parent[at]!) ids.unshift(at);
    const pathStates = ids.map((i) => states[i]!);
    const actions = ids.slice(1).map((i) => model.actions(states[parent[i]!]!)[viaAction[i]!]!);
    return { states: pathStates, actions };
  };

  for (let id = 0; id < states.length; id++) {
    const state = states[id]!;
    check(id, state, "always");
    const actions = model.actions(state);
    if (actions.length === 0) {
      terminalStates.push(state);
      check(id, state, "atTermination");
    }
    actions.forEach((action, i) => targets.push(intern(model.nextState(state, action), id, i)));
    offsets.push(targets.length);

    if (options.onProgress && (id & 1023) === 0 && performance.now() >= nextProgressAt) {
      nextProgressAt = performance.now() + progressEveryMs;
      options.onProgress({
        states: states.length,
        transitions: targets.length,
        queued: states.length - id - 1,
        elapsedMs: performance.now() - started,
      });
    }
  }

  const graph = { size: states.length, offsets, targets, initial };
  const executions = countExecutions(graph);
  // A run that never ends breaks the claims on how every run ends not broken yet (Property.brokenByEndlessRuns).
  const broken = properties.filter((p) => p.brokenByEndlessRuns && !violated.has(p.name));
  const lasso = executions === undefined && broken.length > 0 ? shortestLasso(offsets, targets, parent) : undefined;
  if (lasso) {
    const stem = pathTo(lasso.state);
    const [pathStates, actions]: [State[], Action[]] = [stem.states, stem.actions];
    for (const step of lasso.back) {
      const at = pathStates[pathStates.length - 1]!;
      const action = model.actions(at)[step]!;
      actions.push(action);
      pathStates.push(model.nextState(at, action));
    }
    const reason = endlessRunReason(pathStates.length - 1 - lasso.back.length, actions.length);
    for (const p of broken) violations.push({ property: p.name, reason, path: { states: pathStates, actions } });
  }
  // Executions through a marked state: all of them, less those that avoid every marked state.
  const marked = options.measureExecutionsThrough;
  const avoiding = marked && executions !== undefined ? countExecutions(graph, (node) => marked(states[node]!)) : undefined;
  return {
    states: states.length,
    transitions: targets.length,
    executions,
    ...(avoiding === undefined ? {} : { executionsThrough: executions! - avoiding }),
    terminalStates,
    violations,
    violated: violations.map((v) => v.property),
    elapsedMs: performance.now() - started,
  };
}
