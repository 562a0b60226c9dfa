/**
 * Shortest counterexamples for violations met by a search that does not
 * guarantee them (depth-first, or reduced). The violating states it met give
 * an upper bound on each length; an unreduced breadth-first search bounded by
 * the deepest of them, and stopped as soon as every one of these properties
 * has failed, then meets each first violation exactly where the full
 * breadth-first search would: same state, same path. Its cost is that of a
 * breadth-first search down to the shortest counterexample's depth.
 */
import type { PackedModel } from "../model-contract/packed-model.js";
import { packedBfs } from "./packed-bfs.js";
import type { PackedSearchOptions, PackedViolation } from "./packed-search.js";

export interface PackedCounterexample {
  readonly property: number;
  /** The initial state it starts from (PackedModel.writeInitial's index). */
  readonly initial: number;
  readonly vectors: readonly Uint32Array[];
  /** Index, among each state's successors, of the action taken. */
  readonly actions: readonly number[];
}

export function shortestCounterexamples(
  model: PackedModel,
  found: readonly PackedViolation[],
  options: Pick<PackedSearchOptions, "fingerprint" | "maxStates">,
): PackedCounterexample[] {
  if (found.length === 0) return [];
  const bfs = packedBfs(model, {
    fingerprint: options.fingerprint ?? false,
    ...(options.maxStates === undefined ? {} : { maxStates: options.maxStates }),
    maxDepth: Math.max(...found.map((v) => v.depth)),
    stopWhenViolated: found.map((v) => v.property),
  });
  return bfs.violations.filter((v) => found.some((f) => f.property === v.property)).map((v) => ({ property: v.property, ...bfs.pathTo(v.state) }));
}
