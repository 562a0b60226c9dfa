/**
 * A run that never ends, where the state graph has a cycle: the shortest run
 * to a state on a cycle, then the shortest way back to it, which the run can
 * take again and again: of all such runs, the first met of the fewest steps.
 * A claim about how every run ends (Property.brokenByEndlessRuns) is broken
 * by such a run, as a property checked in terminal states alone is not: no
 * terminal state is on it.
 *
 * Found after the search that met the cycle, by a search of the whole graph
 * of its own that keeps each state's successors, then Tarjan's strongly
 * connected components: a state is on a cycle when its component has more
 * than one state, or a step from it back to itself.
 */
import type { PackedModel } from "../model-contract/packed-model.js";
import { StateKeys, storeInitials, SuccessorBuffer } from "./packed-search.js";
import { StateLimitError } from "./state-limit-error.js";
import { VectorQueue } from "./vector-queue.js";

export interface EndlessRun {
  /** Which initial state it starts from. */
  readonly initial: number;
  /** The index of the action taken at each step, among the state's successors. */
  readonly actions: readonly number[];
  /** How many steps lead to the cycle: after the last step the run is back in the state it was in after this many. */
  readonly stem: number;
}

/** Why a run of `length` steps that is back after them in the state it was in after `stem` never ends. */
export function endlessRunReason(stem: number, length: number): string {
  const back = stem === 0 ? "the initial state" : `the state after step ${stem}`;
  const loop = stem + 1 === length ? `step ${length}` : `steps ${stem + 1} to ${length}`;
  return `the run is back in ${back}: ${loop} can repeat forever, and it never ends`;
}

export function endlessRun(model: PackedModel, maxStates: number): EndlessRun | undefined {
  const { words } = model;
  const keys = new StateKeys(words, false);
  const vectors = new VectorQueue(words);
  const parents: number[] = [];
  const depths: number[] = [];
  // Each state's successors' ids in action order: targets[first[id]] up to targets[first[id + 1]].
  const first: number[] = [];
  const targets: number[] = [];
  const initialOf = storeInitials(model, keys, (initials, at) => {
    vectors.push(initials, at);
    parents.push(-1);
    depths.push(0);
  });
  const successors = new SuccessorBuffer(model);
  let preparedTo = 0;
  for (let id = 0; id < keys.table.size; id++) {
    if (model.prepare && id >= preparedTo) {
      preparedTo = keys.table.size;
      model.prepare(vectors.buffer, vectors.offset(id), preparedTo - id);
    }
    first.push(targets.length);
    const n = successors.fill(vectors.buffer, vectors.offset(id));
    for (let k = 0; k < n; k++) {
      const size = keys.table.size;
      const target = keys.intern(successors.vectors, k * words);
      if (target === size) {
        if (size >= maxStates) throw new StateLimitError(maxStates);
        vectors.push(successors.vectors, k * words);
        parents.push(id);
        depths.push(depths[id]! + 1);
      }
      targets.push(target);
    }
  }
  first.push(targets.length);

  // The shortest: the states on a cycle in the order the search met them, so that their depths never fall.
  const onCycle = statesOnCycles(first, targets);
  let best: { state: number; back: number[] } | undefined;
  for (let state = 0; state < onCycle.length; state++) {
    if (!onCycle[state]) continue;
    if (best && depths[state]! + 1 >= depths[best.state]! + best.back.length) break;
    const back = wayBack(first, targets, state);
    if (!best || depths[state]! + back.length < depths[best.state]! + best.back.length) best = { state, back };
  }
  if (!best) return undefined;
  const stem: number[] = [];
  let root = best.state;
  for (; parents[root] !== -1; root = parents[root]!) stem.unshift(actionTo(first, targets, parents[root]!, root));
  return { initial: initialOf.get(root)!, actions: [...stem, ...best.back], stem: stem.length };
}

/** The index, among `from`'s successors, of the first step to `to`. */
const actionTo = (first: readonly number[], targets: readonly number[], from: number, to: number): number => targets.indexOf(to, first[from]!) - first[from]!;

/** The actions of a shortest way from `state` back to itself (breadth-first). */
function wayBack(first: readonly number[], targets: readonly number[], state: number): number[] {
  const reachedFrom = new Map<number, number>();
  const queue = [state];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    for (let e = first[at]!; e < first[at + 1]!; e++) {
      const next = targets[e]!;
      if (next === state) {
        const actions = [e - first[at]!];
        for (let back = at; back !== state; back = reachedFrom.get(back)!) actions.unshift(actionTo(first, targets, reachedFrom.get(back)!, back));
        return actions;
      }
      if (!reachedFrom.has(next)) {
        reachedFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  throw new Error(`state ${state} is on no cycle`);
}

/** Which states lie on a cycle: Tarjan's strongly connected components, without recursion. */
function statesOnCycles(first: readonly number[], targets: readonly number[]): boolean[] {
  const size = first.length - 1;
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  const onCycle: boolean[] = new Array<boolean>(size).fill(false);
  let counter = 0;
  // The depth-first path: each state and the next of its edges to follow.
  const path: { state: number; edge: number }[] = [];
  for (let start = 0; start < size; start++) {
    if (index[start] !== -1) continue;
    const enter = (state: number) => {
      index[state] = low[state] = counter++;
      stack.push(state);
      onStack[state] = 1;
      path.push({ state, edge: first[state]! });
    };
    enter(start);
    while (path.length > 0) {
      const top = path.at(-1)!;
      const { state } = top;
      if (top.edge < first[state + 1]!) {
        const next = targets[top.edge++]!;
        if (next === state) onCycle[state] = true;
        if (index[next] === -1) enter(next);
        else if (onStack[next]) low[state] = Math.min(low[state]!, index[next]!);
        continue;
      }
      path.pop();
      const parent = path.at(-1);
      if (parent) low[parent.state] = Math.min(low[parent.state]!, low[state]!);
      if (low[state] !== index[state]) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = 0;
        component.push(member);
      } while (member !== state);
      if (component.length > 1) for (const m of component) onCycle[m] = true;
    }
  }
  return onCycle;
}
