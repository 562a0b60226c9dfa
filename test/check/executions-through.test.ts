import { describe, expect, it } from "vitest";
import { countExecutionsThrough } from "../../src/check/executions-through.js";
import type { Model } from "../../src/model/model.js";

// Two counters that each go 0 -> 2, one step at a time, in any order:
// the executions are the C(4, 2) = 6 ways to interleave them.
const grid: Model<[number, number], "x" | "y"> = {
  initStates: () => [[0, 0]],
  actions: ([x, y]) => [...(x < 2 ? (["x"] as const) : []), ...(y < 2 ? (["y"] as const) : [])],
  nextState: ([x, y], a) => (a === "x" ? [x + 1, y] : [x, y + 1]),
  properties: () => [],
  key: ([x, y]) => `${x},${y}`,
};

describe("countExecutionsThrough", () => {
  it("should count every execution through the initial state, and none through no state", () => {
    expect(countExecutionsThrough(grid, ([x, y]) => x === 0 && y === 0)).toBe(6n);
    expect(countExecutionsThrough(grid, () => false)).toBe(0n);
  });

  it("should count each execution once, however many marked states it meets", () => {
    // Through (1,1): C(2,1) * C(2,1) = 4. Through (2,0) or (0,2): 1 each. Any of the three: 6.
    expect(countExecutionsThrough(grid, ([x, y]) => x === 1 && y === 1)).toBe(4n);
    expect(countExecutionsThrough(grid, ([x, y]) => x + y === 2)).toBe(6n);
    expect(countExecutionsThrough(grid, ([x, y]) => x !== y && x + y === 2)).toBe(2n);
  });
});
