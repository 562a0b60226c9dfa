import { describe, expect, it } from "vitest";
import { packedBfs } from "../../src/explore/packed-bfs.js";
import { allPairs, counters } from "../support/counters-model.js";

describe("stubborn sets", () => {
  it("should follow one interleaving of independent transitions and still reach the terminal state", () => {
    const reduced = packedBfs(counters(3, 2, []), { reduction: true });
    // The full graph has 3^3 = 27 states; one path through it has 7.
    expect([reduced.states, reduced.transitions, reduced.terminals.length]).toEqual([7, 6, 3]);
    expect(packedBfs(counters(3, 2, [])).states).toBe(27);
  });

  it("should prune nothing when every transition may interfere with every other", () => {
    expect(packedBfs(counters(3, 2, allPairs(3)), { reduction: true }).states).toBe(27);
  });
});
