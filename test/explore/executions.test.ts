import { describe, expect, it } from "vitest";
import { countExecutions } from "../../src/explore/executions.js";

/** Builds the compressed successor lists from an adjacency list. */
function graph(successors: number[][], initial = [0]) {
  const offsets = [0];
  const targets: number[] = [];
  for (const next of successors) {
    targets.push(...next);
    offsets.push(targets.length);
  }
  return { size: successors.length, offsets, targets, initial };
}

describe("countExecutions", () => {
  it("counts one execution for a single state", () => {
    expect(countExecutions(graph([[]]))).toBe(1n);
  });

  it("counts both paths through a diamond", () => {
    // 0 -> 1 -> 3, 0 -> 2 -> 3
    expect(countExecutions(graph([[1, 2], [3], [3], []]))).toBe(2n);
  });

  it("counts parallel edges separately, as separate actions", () => {
    expect(countExecutions(graph([[1, 1], []]))).toBe(2n);
  });

  it("sums over every terminal state", () => {
    // 0 -> 1 (terminal), 0 -> 2 -> 3 (terminal), 2 -> 1
    expect(countExecutions(graph([[1, 2], [], [3, 1], []]))).toBe(3n);
  });

  it("goes past 2^53 exactly: a chain of 60 diamonds has 2^60 executions", () => {
    const successors: number[][] = [];
    for (let d = 0; d < 60; d++) successors.push([3 * d + 1, 3 * d + 2], [3 * d + 3], [3 * d + 3]);
    successors.push([]);
    expect(countExecutions(graph(successors))).toBe(2n ** 60n);
  });

  it("says undefined when a cycle makes the count infinite", () => {
    expect(countExecutions(graph([[1], [0, 2], []]))).toBeUndefined();
  });
});
