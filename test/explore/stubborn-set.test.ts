import { describe, expect, it } from "vitest";
import type { PackedModel } from "../../src/model/packed-model.js";
import { packedBfs } from "../../src/explore/packed-bfs.js";

/**
 * k counters, each counted up to 2 by its own transition. With `dependent`
 * the transitions are declared to interfere, and nothing may be pruned.
 */
function counters(k: number, dependent: boolean): PackedModel {
  const enabled = (state: Uint32Array, at: number) => [...Array(k).keys()].filter((i) => state[at + i]! < 2);
  return {
    words: k,
    maxActions: k,
    writeInitial: (into, at) => into.fill(0, at, at + k),
    successors(state, at, into) {
      const next = enabled(state, at);
      next.forEach((i, n) => {
        into.set(state.subarray(at, at + k), n * k);
        into[n * k + i]!++;
      });
      return next.length;
    },
    violations: () => 0,
    reduction: {
      transitions: k,
      enabled(state, at, into) {
        const next = enabled(state, at);
        into.set(next);
        return next.length;
      },
      dependents: (_state, _at, t, add) => (dependent ? [...Array(k).keys()].filter((i) => i !== t).forEach(add) : undefined),
      enablers: () => {},
    },
  };
}

describe("stubborn sets", () => {
  it("should follow one interleaving of independent transitions and still reach the terminal state", () => {
    const reduced = packedBfs(counters(3, false), { reduction: true });
    // The full graph has 3^3 = 27 states; one path through it has 7.
    expect([reduced.states, reduced.transitions, reduced.terminals.length]).toEqual([7, 6, 3]);
    expect(packedBfs(counters(3, false)).states).toBe(27);
  });

  it("should prune nothing when every transition may interfere with every other", () => {
    expect(packedBfs(counters(3, true), { reduction: true }).states).toBe(27);
  });
});
