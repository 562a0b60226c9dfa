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
import type { PackedModel } from "../model-contract/packed-model.js";
import { grown } from "./key-table.js";
import type { PackedExploration, PackedSearchOptions } from "./packed-search.js";
import { initialVectors, progressClock, SearchLog, StateKeys, SuccessorBuffer } from "./packed-search.js";
import { PathCounts } from "./path-counts.js";
import { StateLimitError } from "./state-limit-error.js";
import { StubbornSets } from "./stubborn-set.js";

export function packedDfs(model: PackedModel, options: PackedSearchOptions = {}): PackedExploration {
  const started = performance.now();
  const words = model.words;
  const keys = new StateKeys(words, options.fingerprint ?? false);
  const stubborn = options.reduction ? new StubbornSets(model.reduction!, model.maxActions, words) : undefined;
  const maxStates = options.maxStates ?? Number.POSITIVE_INFINITY;
  const log = new SearchLog(words);
  const due = progressClock(options, started);

  const walk = depthFirst(model, keys, stubborn, (vector, at, id, depth, terminal, transitions) => {
    if (id >= maxStates) throw new StateLimitError(maxStates);
    log.check(model, vector, at, terminal, depth, id);
    if (terminal) log.noteTerminal(vector, at);
    if (due?.(id)) {
      options.onProgress!({ states: id + 1, transitions, queued: depth, depth, bytes: keys.table.bytes, elapsedMs: performance.now() - started });
    }
  });
  return {
    states: keys.table.size,
    transitions: walk.transitions,
    executions: walk.executions,
    ...(model.marked ? { executionsThrough: walk.executionsThrough } : {}),
    terminals: log.terminals,
    violations: log.violations,
    bytes: keys.table.bytes + walk.bytes,
    generated: walk.transitions + 1,
    elapsedMs: performance.now() - started,
  };
}

/** The executions of the (possibly reduced) graph whose states `keys` already holds, counted depth-first. */
export function countPathsDepthFirst(model: PackedModel, keys: StateKeys, stubborn: StubbornSets | undefined) {
  const { executions, executionsThrough } = depthFirst(model, keys, stubborn, () => {});
  return { executions, executionsThrough };
}

/** Called once per state, when first met; `transitions` counts those followed so far. */
type OnNewState = (vector: Uint32Array, at: number, id: number, depth: number, terminal: boolean, transitions: number) => void;

/** One state on the current path: its id, its successors, which of them to explore, and how far it has got. */
interface Frame {
  id: number;
  readonly successors: SuccessorBuffer;
  order: Int32Array;
  explored: number;
  next: number;
}

/**
 * Visits every state reachable from the initial ones once, children before
 * parents finish. With `model.marked`, also counts the executions that avoid
 * every marked state (a marked state passes on none), and so those through one.
 */
function depthFirst(model: PackedModel, keys: StateKeys, stubborn: StubbornSets | undefined, onNew: OnNewState) {
  const counts = new PathCounts();
  const avoiding = model.marked ? new PathCounts() : undefined;
  // Per state: 0 not met yet, 1 on the current path, 2 finished.
  let status = new Uint8Array(1024);
  const path: Frame[] = [];
  let depth = -1;
  let transitions = 0;
  let cyclic = false;

  const enter = (vector: Uint32Array, at: number): number => {
    const id = keys.intern(vector, at);
    if (status.length <= id) status = grown(status, id + 1);
    if (status[id] !== 0) return id;
    status[id] = 1;
    depth++;
    path[depth] ??= { id: 0, successors: new SuccessorBuffer(model), order: new Int32Array(0), explored: 0, next: 0 };
    const frame = path[depth]!;
    frame.id = id;
    frame.next = 0;
    const n = frame.successors.fill(vector, at);
    onNew(vector, at, id, depth, n === 0, transitions);
    if (frame.order.length < n) frame.order = new Int32Array(n);
    frame.explored = stubborn ? stubborn.choose(vector, at, frame.successors.vectors, n, frame.order) : n;
    if (!stubborn) for (let i = 0; i < n; i++) frame.order[i] = i;
    if (n === 0) {
      counts.setOne(id);
      avoiding?.setOne(id);
    } else {
      counts.reserve(id);
      avoiding?.reserve(id);
    }
    if (avoiding && model.marked!(vector, at)) isMarked.add(id);
    return id;
  };
  // A marked state passes on no avoiding path: its count is set to 0 when it finishes, whatever its successors added.
  const isMarked = new Set<number>();
  const finish = (frame: Frame) => {
    status[frame.id] = 2;
    if (isMarked.has(frame.id)) avoiding!.setZero(frame.id);
  };

  const initials = initialVectors(model);
  const roots: number[] = [];
  for (let i = 0; i * model.words < initials.length; i++) {
    const root = enter(initials, i * model.words);
    if (!roots.includes(root)) roots.push(root);
    while (depth >= 0) {
      const frame = path[depth]!;
      if (frame.next < frame.explored) {
        const k = frame.order[frame.next++]!;
        transitions++;
        const d = depth;
        const child = enter(frame.successors.vectors, k * model.words);
        counts.reserve(child);
        if (status[child] === 2) {
          counts.add(child, frame.id);
          avoiding?.add(child, frame.id);
        } else if (depth === d) cyclic = true; // met a state on the current path
      } else {
        finish(frame);
        depth--;
        if (depth >= 0) {
          counts.add(frame.id, path[depth]!.id);
          avoiding?.add(frame.id, path[depth]!.id);
        }
      }
    }
  }
  const total = (c: PathCounts) => roots.reduce((sum, root) => sum + c.get(root), 0n);
  const executions = cyclic ? undefined : total(counts);
  return {
    executions,
    executionsThrough: executions === undefined || !avoiding ? undefined : executions - total(avoiding),
    transitions,
    bytes: counts.bytes + status.byteLength + (avoiding?.bytes ?? 0),
  };
}
