/**
 * Depth-first search over a packed model, for runs where memory is the limit:
 * besides the stored keys it keeps only the current path and one path count
 * per state. Counts are summed in post-order (the executions from a state are
 * the sum over its successors), which needs no topological order; meeting a
 * state that is still on the path means a cycle, hence infinitely many
 * executions. Depth-first search does not find shortest counterexamples: a
 * violation is reported with the depth at which it was met, and the caller
 * minimises it (shortest-counterexamples.ts).
 */
import type { PackedModel } from "../model/packed-model.js";
import { grown } from "./key-table.js";
import type { PackedExploration, PackedSearchOptions } from "./packed-search.js";
import { progressClock, SearchLog, StateKeys } from "./packed-search.js";
import { PathCounts } from "./path-counts.js";
import { StateLimitError } from "./state-limit-error.js";
import { StubbornSets } from "./stubborn-set.js";

export function packedDfs(model: PackedModel, options: PackedSearchOptions = {}): PackedExploration {
  const started = performance.now();
  const words = model.words;
  const keys = new StateKeys(words, options.fingerprint ?? false);
  const stubborn = options.reduction ? new StubbornSets(model.reduction!, model.maxActions) : undefined;
  const maxStates = options.maxStates ?? Number.POSITIVE_INFINITY;
  const log = new SearchLog(words);
  const due = progressClock(options, started);

  const walk = depthFirst(model, keys, stubborn, (vector, at, id, depth, terminal, transitions) => {
    if (id >= maxStates) throw new StateLimitError(maxStates);
    log.noteViolations(model.violations(vector, at, terminal), depth, id);
    if (terminal) log.noteTerminal(vector, at);
    if (due?.(id)) {
      options.onProgress!({ states: id + 1, transitions, queued: depth, depth, bytes: keys.table.bytes, elapsedMs: performance.now() - started });
    }
  });
  return {
    states: keys.table.size,
    transitions: walk.transitions,
    executions: walk.executions,
    terminals: log.terminals,
    violations: log.violations,
    bytes: keys.table.bytes + walk.bytes,
    generated: walk.transitions + 1,
    elapsedMs: performance.now() - started,
  };
}

/** The executions of the (possibly reduced) graph whose states `keys` already holds, counted depth-first. */
export function countPathsDepthFirst(model: PackedModel, keys: StateKeys, stubborn: StubbornSets | undefined): bigint | undefined {
  return depthFirst(model, keys, stubborn, () => {}).executions;
}

/** Called once per state, when first met; `transitions` counts those followed so far. */
type OnNewState = (vector: Uint32Array, at: number, id: number, depth: number, terminal: boolean, transitions: number) => void;

/** Visits every state reachable from the initial one once, children before parents finish. */
function depthFirst(model: PackedModel, keys: StateKeys, stubborn: StubbornSets | undefined, onNew: OnNewState) {
  const words = model.words;
  const width = model.maxActions * words;
  const counts = new PathCounts();
  // Per state: 0 not met yet, 1 on the current path, 2 finished.
  let status = new Uint8Array(1024);
  // The current path: per depth, the state's id, its successors, which of them to explore, and how far we are.
  let ids = new Int32Array(64);
  let successors = new Uint32Array(64 * width);
  let order = new Int32Array(64 * model.maxActions);
  let explored = new Int32Array(64);
  let next = new Int32Array(64);
  let depth = -1;
  let transitions = 0;
  let cyclic = false;

  const enter = (vector: Uint32Array, at: number): number => {
    const id = keys.intern(vector, at);
    if (status.length <= id) status = grown(status, id + 1);
    if (status[id] !== 0) return id;
    status[id] = 1;
    depth++;
    if (ids.length <= depth) {
      ids = grown(ids, depth + 1);
      successors = grown(successors, ids.length * width);
      order = grown(order, ids.length * model.maxActions);
      explored = grown(explored, ids.length);
      next = grown(next, ids.length);
    }
    ids[depth] = id;
    next[depth] = 0;
    const n = model.successors(vector, at, successors.subarray(depth * width, (depth + 1) * width));
    onNew(vector, at, id, depth, n === 0, transitions);
    const choice = order.subarray(depth * model.maxActions);
    explored[depth] = stubborn ? stubborn.choose(vector, at, choice) : n;
    if (!stubborn) for (let i = 0; i < n; i++) choice[i] = i;
    if (n === 0) counts.setOne(id);
    return id;
  };

  const initial = new Uint32Array(words);
  model.writeInitial(initial, 0);
  enter(initial, 0);
  while (depth >= 0) {
    const d = depth;
    if (next[d]! < explored[d]!) {
      const k = order[d * model.maxActions + next[d]!++]!;
      transitions++;
      const child = enter(successors, d * width + k * words);
      counts.reserve(child);
      if (status[child] === 2) counts.add(child, ids[d]!);
      else if (depth === d) cyclic = true; // met a state on the current path
    } else {
      status[ids[d]!] = 2;
      depth--;
      if (depth >= 0) counts.add(ids[d]!, ids[depth]!);
    }
  }
  return { executions: cyclic ? undefined : counts.get(0), transitions, bytes: counts.bytes + status.byteLength };
}
