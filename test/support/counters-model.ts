// A packed model of k counters, each counted up to `limit` by its own
// transition (transition i counts counter i), for testing reductions on toys.
// Counters always commute, so any declared dependency is sound: `dependent`
// lists the pairs declared dependent, which is all stubborn and sleep sets go by.
import type { PackedModel } from "../../src/model-contract/packed-model.js";

export function counters(k: number, limit: number, dependent: readonly (readonly [number, number])[]): PackedModel {
  const enabled = (state: Uint32Array, at: number) => [...Array(k).keys()].filter((i) => state[at + i]! < limit);
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
    violations: () => {},
    reduction: {
      transitions: k,
      enabled(state, at, into) {
        const next = enabled(state, at);
        into.set(next);
        return next.length;
      },
      dependents(_state, _at, t, add) {
        for (const [x, y] of dependent) if (x === t) add(y);
        for (const [x, y] of dependent) if (y === t) add(x);
      },
      enablers: () => {},
    },
  };
}

/** Every pair of k transitions. */
export function allPairs(k: number): [number, number][] {
  return [...Array(k).keys()].flatMap((x) => [...Array(k).keys()].filter((y) => y > x).map((y): [number, number] => [x, y]));
}
