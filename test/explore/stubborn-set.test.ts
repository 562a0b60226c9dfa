import { describe, expect, it } from "vitest";
import { packedBfs } from "../../src/explore/packed-bfs.js";
import type { PackedModel } from "../../src/model-contract/packed-model.js";
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

describe("stubborn sets where a step ends its run", () => {
  // Two actors: X's one step A ends the run (a graded run that broke a step rule), and so does
  // Y's second step C; Y's first step is B. A belongs to X alone, so the relation calls it
  // independent of B and C, although taking it disables them. Nodes: 0 --A--> 1 (A broke),
  // 0 --B--> 2, 2 --A--> 3 (A broke), 2 --C--> 4 (C broke). Transitions: A = 0, B = 1, C = 2.
  const successors = [[1, 2], [], [3, 4], [], []];
  const enabled = [[0, 1], [], [0, 2], [], []];
  const model = (tellsTerminal: boolean): PackedModel => ({
    words: 1,
    maxActions: 2,
    writeInitial: (into, at) => void (into[at] = 0),
    successors(state, at, into) {
      successors[state[at]!]!.forEach((node, i) => (into[i] = node));
      return successors[state[at]!]!.length;
    },
    violations(state, at, _terminal, failed) {
      if (state[at] === 1 || state[at] === 3) failed(0);
      if (state[at] === 4) failed(1);
    },
    reduction: {
      transitions: 3,
      enabled: (state, at, into) => (into.set(enabled[state[at]!]!), enabled[state[at]!]!.length),
      dependents: (_state, _at, t, add) => (t === 0 ? add(0) : [1, 2].forEach(add)),
      enablers: (_state, _at, t, add) => t === 2 && add(1),
      ...(tellsTerminal ? { terminal: (vector: Uint32Array, at: number) => successors[vector[at]!]!.length === 0 } : {}),
    },
  });

  it("should never seed a stubborn set with a step into a terminal state, so that what comes after the others is still searched", () => {
    // Seeded with A, the set is {A}: B, and C's breaking after it, are never taken.
    expect(packedBfs(model(false), { reduction: true }).violations.map((v) => v.property)).toEqual([0]);
    // Seeded with B: {B}, then at node 2 both steps end the run and both are taken.
    const search = packedBfs(model(true), { reduction: true });
    expect(search.violations.map((v) => v.property)).toEqual([0, 1]);
    expect(search.states).toBe(4);
  });
});
