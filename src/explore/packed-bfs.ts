/**
 * Breadth-first search over a packed model: states expanded in the order
 * they are discovered, so depth never decreases, and the first state found
 * to break a property is at the smallest depth: its path is a shortest
 * counterexample.
 *
 * Each stored state costs its key (the vector, or a 64-bit fingerprint), a
 * slot in the hash table and its parent's id. Executions are counted on the
 * fly: states are expanded in id order, so if every transition leads to a
 * higher id (the ids are a topological order, as in the bank) a state's path
 * count is final before it is expanded, and only the counts of the two levels
 * in progress are kept. A transition back to a lower id is remembered, and the
 * count is then redone depth-first over the stored states (packed-dfs.ts).
 *
 * Under reduction, each state not yet expanded also keeps its sleep set
 * (sleep-set.ts), the intersection of those it was reached with. That set is
 * complete when the state is expanded as long as no transition leads back to
 * an expanded state; if one does, the search starts again with stubborn sets
 * alone (never in the bank, where every path to a state has the same length).
 */
import type { PackedModel } from "../model-contract/packed-model.js";
import { grown } from "./key-table.js";
import { countPathsDepthFirst } from "./packed-dfs.js";
import type { PackedExploration, PackedSearchOptions } from "./packed-search.js";
import { progressClock, SearchLog, StateKeys, storeInitials, SuccessorBuffer } from "./packed-search.js";
import { PathCounts } from "./path-counts.js";
import { StateLimitError } from "./state-limit-error.js";
import { intersect, SleepSets } from "./sleep-set.js";
import { StubbornSets } from "./stubborn-set.js";
import { VectorQueue } from "./vector-queue.js";

export interface PackedBfsOptions extends PackedSearchOptions {
  /** Do not expand states at this depth (for counterexample minimisation). */
  readonly maxDepth?: number;
  /** Stop as soon as every one of these properties has been violated. */
  readonly stopWhenViolated?: readonly number[];
  /** With `reduction`, add sleep sets to the stubborn sets (the default; false: stubborn sets alone). */
  readonly sleepSets?: boolean;
}

export interface PackedBfs extends PackedExploration {
  /** Which initial state the path to a state starts from, the vectors along it, and the index of the action taken at each step. */
  pathTo(state: number): { initial: number; vectors: Uint32Array[]; actions: number[] };
}

/** How many states a model prepares at a time (PackedModel.prepare): a breadth-first layer, or a part of a large one. */
const PREPARE_CHUNK = 4096;

export function packedBfs(model: PackedModel, options: PackedBfsOptions = {}): PackedBfs {
  const started = performance.now();
  const words = model.words;
  const maxStates = options.maxStates ?? Number.POSITIVE_INFINITY;
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const stopWhen = options.stopWhenViolated;
  const keys = new StateKeys(words, options.fingerprint ?? false);
  const table = keys.table;
  const queue = new VectorQueue(words);
  const stubborn = options.reduction ? new StubbornSets(model.reduction!, model.maxActions, words) : undefined;
  let chosen = new Int32Array(model.maxActions);
  const sleep = stubborn && (options.sleepSets ?? true) ? new SleepSets(model.reduction!) : undefined;
  const width = sleep?.width ?? 0;
  // The sleep sets of the states not yet expanded, and of the successors of the one being expanded.
  const sleeping = sleep ? new VectorQueue(width) : undefined;
  let childSleep = new Uint32Array(model.maxActions * width);
  const successors = new SuccessorBuffer(model);
  const counts = new PathCounts();
  // With marked states: the paths that avoid every marked state (a marked state's count is 0).
  const avoiding = model.marked ? new PathCounts() : undefined;
  let parents = new Int32Array(1024);
  const log = new SearchLog(words);
  let transitions = 0;
  let topological = true;
  let executions = 0n;
  let avoided = 0n;

  // The initial states come first; which one a root id is, for pathTo.
  const initialOf = storeInitials(model, keys, (vectors, at, id) => {
    queue.push(vectors, at);
    sleeping?.push(new Uint32Array(width), 0);
    parents[id] = -1;
    counts.setOne(id);
    avoiding?.setOne(id);
  });

  const due = progressClock(options, started);
  const bytes = () => table.bytes + parents.byteLength + counts.bytes + queue.bytes + (sleeping?.bytes ?? 0) + (avoiding?.bytes ?? 0);
  let depth = 0;
  let levelEnd = table.size;
  let preparedTo = 0;
  for (let id = 0; id < table.size; id++) {
    if (id === levelEnd) {
      depth++;
      levelEnd = table.size;
      if (topological) {
        counts.forgetBelow(id);
        avoiding?.forgetBelow(id);
      }
    }
    queue.release(id);
    sleeping?.release(id);
    if (model.prepare && id >= preparedTo) {
      preparedTo = Math.min(table.size, id + PREPARE_CHUNK);
      model.prepare(queue.buffer, queue.offset(id), preparedTo - id);
    }
    const vectors = queue.buffer;
    const at = queue.offset(id);
    const n = successors.fill(vectors, at);
    log.check(model, vectors, at, n === 0, depth, id);
    if (stopWhen && log.allViolated(stopWhen)) break;
    if (avoiding && model.marked!(vectors, at)) avoiding.setZero(id);
    if (n === 0) {
      log.noteTerminal(vectors, at);
      if (topological) {
        executions += counts.get(id);
        if (avoiding) avoided += avoiding.get(id);
      }
    }
    if (depth >= maxDepth) continue;
    const next = successors.vectors;
    // A model may meet states with more actions than it could tell in advance (PackedModel.maxActions).
    if (stubborn && chosen.length < n) [chosen, childSleep] = [new Int32Array(n), new Uint32Array(n * width)];
    let explored = stubborn ? stubborn.choose(vectors, at, next, n, chosen) : n;
    if (sleep) explored = sleep.filter(vectors, at, sleeping!.buffer, sleeping!.offset(id), chosen, explored, stubborn!.transition, childSleep);
    counts.reserve(table.size + explored);
    avoiding?.reserve(table.size + explored);
    for (let k = 0; k < explored; k++) {
      const from = (stubborn ? chosen[k]! : k) * words;
      const size = table.size;
      const target = keys.intern(next, from);
      if (target === size) {
        if (size >= maxStates) throw new StateLimitError(maxStates);
        if (parents.length <= size) parents = grown(parents, size + 1);
        parents[size] = id;
        queue.push(next, from);
        sleeping?.push(childSleep, k * width);
      } else if (target <= id) {
        if (sleep) return packedBfs(model, { ...options, sleepSets: false });
        topological = false;
      } else if (sleep) {
        intersect(sleeping!.buffer, sleeping!.offset(target), childSleep, k * width, width);
      }
      if (topological) {
        counts.add(id, target);
        avoiding?.add(id, target);
      }
    }
    transitions += explored;
    if (due?.(id)) {
      options.onProgress!({ states: table.size, transitions, queued: table.size - id - 1, depth, bytes: bytes(), elapsedMs: performance.now() - started });
    }
  }

  const pathTo = (state: number) => replayPath(model, keys, parents, initialOf, state);
  const counted = topological ? { executions, executionsThrough: executions - avoided } : countPathsDepthFirst(model, keys, stubborn);
  return {
    states: table.size,
    transitions,
    executions: counted.executions,
    ...(avoiding ? { executionsThrough: counted.executionsThrough } : {}),
    terminals: log.terminals,
    violations: log.violations,
    bytes: bytes(),
    generated: transitions + 1,
    elapsedMs: performance.now() - started,
    pathTo,
  };
}

/**
 * Rebuilds a path from parent ids by replaying it from its initial state: at
 * each step, the successor whose key has the next id. This works the same
 * whether the table holds vectors or only fingerprints.
 */
function replayPath(model: PackedModel, keys: StateKeys, parents: Int32Array, initialOf: ReadonlyMap<number, number>, state: number) {
  const ids: number[] = [];
  for (let at = state; at !== -1; at = parents[at]!) ids.unshift(at);
  const words = model.words;
  const initial = initialOf.get(ids[0]!)!;
  let vector = new Uint32Array(words);
  model.writeInitial(vector, 0, initial);
  const vectors = [vector];
  const actions: number[] = [];
  const successors = new SuccessorBuffer(model);
  for (const next of ids.slice(1)) {
    const n = successors.fill(vector, 0);
    let action = 0;
    while (action < n && keys.find(successors.vectors, action * words) !== next) action++;
    vector = successors.vectors.slice(action * words, (action + 1) * words);
    vectors.push(vector);
    actions.push(action);
  }
  return { initial, vectors, actions };
}
