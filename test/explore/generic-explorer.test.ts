import { describe, expect, it } from "vitest";
import { exploreModel } from "../../src/explore/generic-explorer.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";
import { countdown, twoCounters, wrappingClock } from "../support/toy-models.js";

describe("exploreModel", () => {
  it("counts the states, transitions and executions of two counters by hand", () => {
    // 3 x 3 grid of (a, b); every state below the limit in a coordinate has an edge in it.
    const result = exploreModel(twoCounters(2));
    expect(result.states).toBe(9);
    expect(result.transitions).toBe(12);
    expect(result.executions).toBe(6n); // C(4, 2)
    expect(result.terminalStates).toEqual([[2, 2]]);
    expect(result.violations).toEqual([]);
  });

  it("finds a shortest counterexample for an invariant", () => {
    const result = exploreModel(twoCounters(3, 4));
    const [violation] = result.violations;
    expect(violation?.property).toBe("sum below");
    expect(violation?.path.actions).toHaveLength(4);
    expect(violation?.reason).toBe("a + b = 4");
    expect(violation?.path.states[0]).toEqual([0, 0]);
  });

  it("checks atTermination properties only in terminal states, shortest first", () => {
    // From 3: 3-2-1 ends at -1 after two steps (via 1: 3 -> 1 -> -1), the shortest bad ending.
    const result = exploreModel(countdown(3));
    expect(result.violations.map((v) => [v.property, v.path.actions])).toEqual([["lands on zero", [2, 2]]]);
    expect([...result.terminalStates].sort()).toEqual([-1, 0]);
  });

  it("explores a cyclic graph and reports the executions as undefined", () => {
    const result = exploreModel(wrappingClock(5));
    expect(result.states).toBe(5);
    expect(result.transitions).toBe(5);
    expect(result.executions).toBeUndefined();
  });

  it("stops with a StateLimitError beyond --max-states", () => {
    expect(() => exploreModel(twoCounters(10), { maxStates: 50 })).toThrow(StateLimitError);
    expect(exploreModel(twoCounters(10), { maxStates: 121 }).states).toBe(121);
  });

  it("reports progress when asked", () => {
    const seen: number[] = [];
    exploreModel(twoCounters(40), { progressEveryMs: 0, onProgress: (p) => seen.push(p.states) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((n) => n <= 41 * 41)).toBe(true);
  });

  describe("executions through marked states", () => {
    // Two counters 0 -> 2: the executions are the C(4, 2) = 6 ways to interleave them.
    const through = (marked: (state: readonly [number, number]) => boolean) =>
      exploreModel(twoCounters(2), { measureExecutionsThrough: marked }).executionsThrough;

    it("counts every execution through the initial state, and none through no state", () => {
      expect(through(([a, b]) => a === 0 && b === 0)).toBe(6n);
      expect(through(() => false)).toBe(0n);
    });

    it("counts each execution once, however many marked states it meets", () => {
      // Through (1,1): C(2,1) * C(2,1) = 4. Through (2,0) or (0,2): 1 each. Any of the three: 6.
      expect(through(([a, b]) => a === 1 && b === 1)).toBe(4n);
      expect(through(([a, b]) => a + b === 2)).toBe(6n);
      expect(through(([a, b]) => a !== b && a + b === 2)).toBe(2n);
    });

    it("is left out when nothing is measured", () => {
      expect(exploreModel(twoCounters(2)).executionsThrough).toBeUndefined();
    });
  });
});
