// Which steps commute, found by trying them (src/explore/commuting-steps.ts), on a toy of
// two cells x and y that every step of one actor may read: t0 adds 1 to x, t1 adds 1 to
// y, t2 doubles x, and t3 adds x to y once y is not 0. Counted by hand:
//
// - t0 and t1 touch different cells: they meet in every state.
// - t0 and t2 do not: from x = 0, x + 1 then doubled is 2, doubled then + 1 is 1.
// - t0 and t3 meet where y is 0 (t3 does nothing), and part where it is not: from (0, 1),
//   t0 then t3 gives (1, 2), t3 then t0 gives (1, 1). Only t1 leads there.
import { describe, expect, it } from "vitest";
import { commutingWith, type SteppedModel } from "../../src/explore/commuting-steps.js";
import { exploreModel } from "../../src/explore/generic-explorer.js";
import type { Model } from "../../src/model-contract/model.js";
import { atTermination } from "../../src/model-contract/property.js";

const LIMIT = 3;
type Cells = readonly [number, number];
const steps: readonly ((cells: Cells) => Cells | undefined)[] = [
  ([x, y]) => (x < LIMIT ? [x + 1, y] : undefined),
  ([x, y]) => (y < LIMIT ? [x, y + 1] : undefined),
  ([x, y]) => (x > 0 && 2 * x <= LIMIT ? [2 * x, y] : x === 0 ? [0, y] : undefined),
  ([x, y]) => (y > 0 && y + x <= LIMIT ? [x, y + x] : y === 0 ? [x, 0] : undefined),
];

/** Vectors are the two cells; successors are written in step order, for the steps enabled. */
const cells: SteppedModel = {
  words: 2,
  stepsFrom(vector, at, wanted) {
    const here: Cells = [vector[at]!, vector[at + 1]!];
    const enabled = steps.flatMap((step, t) => (step(here) ? [t] : []));
    const vectors = new Uint32Array(2 * enabled.length);
    enabled.forEach((t, k) => {
      if (wanted.has(t)) vectors.set(steps[t]!(here)!, 2 * k);
    });
    return { vectors, transitions: Int32Array.from(enabled) };
  },
};

const from = (x: number, y: number) => Uint32Array.of(x, y);

describe("steps found to commute by trying them", () => {
  it("should keep a step that meets t in every state the candidates reach, and drop one that does not", () => {
    expect(commutingWith(cells, from(0, 0), 0, 0, [1, 2], 64)).toEqual([1]);
  });

  it("should try every state the candidates reach on their own, not only the first", () => {
    // Alone, t3 never leaves y = 0, where it meets t0; with t1 beside it, y becomes 1, where it does not.
    expect(commutingWith(cells, from(0, 0), 0, 0, [3], 64)).toEqual([3]);
    expect(commutingWith(cells, from(0, 0), 0, 0, [1, 3], 64)).toEqual([1]);
  });

  it("should keep none when the candidates reach more states than it may try", () => {
    // t1 alone reaches y = 0 .. 3 from (0, 0): four states.
    expect(commutingWith(cells, from(0, 0), 0, 0, [1], 4)).toEqual([1]);
    expect(commutingWith(cells, from(0, 0), 0, 0, [1], 3)).toEqual([]);
  });
});

/**
 * One actor with two counters, each counted to LIMIT by a step of its own: every state
 * is reached, (LIMIT+1)^2 = 16 of them, unless the explorer finds that the two steps
 * commute. The model says they may interfere (they are one actor's) and that trying
 * shows whether they do; found to, the reduced search follows one interleaving: 7 states.
 */
function oneActor(checkable: boolean): Model<Cells, 0 | 1> {
  return {
    initStates: () => [[0, 0]],
    actions: ([a, b]) => [...(a < LIMIT ? [0 as const] : []), ...(b < LIMIT ? [1 as const] : [])],
    nextState: ([a, b], t) => (t === 0 ? [a + 1, b] : [a, b + 1]),
    properties: () => [atTermination<Cells>("ends even", "both counters end at the limit", ([a, b]) => (a === b ? undefined : `${a}, ${b}`))],
    key: ([a, b]) => `${a},${b}`,
    reduction: {
      transitions: 2,
      transition: (_, t) => t,
      dependents: (_, _t, add) => [0, 1].forEach(add),
      enablers: () => {},
      ...(checkable ? { checkable: (_: Cells, t: number, add: (u: number) => void) => add(1 - t) } : {}),
      keeps: () => true,
    },
  };
}

describe("a model whose steps are found to commute", () => {
  it("should follow one interleaving of steps found to commute, and every one of steps that may interfere", () => {
    const found = exploreModel(oneActor(true), { reduction: "por" });
    const declared = exploreModel(oneActor(false), { reduction: "por" });
    expect([found.states, found.transitions, found.terminalStates]).toEqual([7, 6, [[3, 3]]]);
    expect([declared.states, declared.transitions]).toEqual([16, 24]);
    expect(found.search).toMatchObject({ engine: "generic", reduction: "por" });
  });
});
