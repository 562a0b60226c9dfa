import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { bankSystem } from "../../src/models/bank/system.js";
import { CompactBank } from "../../src/models/bank/packed/compact-bank.js";
import { CompactBankModel } from "../../src/models/bank/packed/compact-model.js";
import { packedBfs } from "../../src/explore/packed-bfs.js";
import type { PackedModel } from "../../src/model-contract/packed-model.js";
import { counters } from "../support/counters-model.js";
import { graphModel, type Graph } from "../support/graph-model.js";
import { randomScenario } from "../support/random-scenario.js";

/** The terminal states of a search, as a sorted list of their vectors. */
function terminals(model: PackedModel, search: ReturnType<typeof packedBfs>): string[] {
  const found: string[] = [];
  for (let at = 0; at < search.terminals.length; at += model.words) found.push(search.terminals.subarray(at, at + model.words).join(","));
  return found.sort();
}

describe("sleep sets", () => {
  it("should drop a transition that stubborn sets alone take, and keep every state", () => {
    // Flags a, b, c (counters 0, 1, 2 up to 1); a and b independent, c dependent on both. Every stubborn set
    // from the start holds all three; from {c} it is {a} (b waits for a, nothing wakes c).
    // Stubborn sets alone: {} takes 3, {a} 2 (b, c), {b} 2 (a, c), {c} 1 (a), and the three
    // two-flag states 1 each: 8 states, 11 transitions. With sleep sets, {b} is reached by b
    // after a was taken at {}, and b commutes with a, so {b} sleeps on a and takes only c:
    // 10 transitions, the same 8 states ({a, b} is still reached, by a then b), 4 paths.
    const model = counters(3, 1, [
      [0, 2],
      [1, 2],
    ]);
    const stubborn = packedBfs(model, { reduction: true, sleepSets: false });
    const sleep = packedBfs(model, { reduction: true });
    expect([stubborn.states, stubborn.transitions]).toEqual([8, 11]);
    expect([sleep.states, sleep.transitions, sleep.executions]).toEqual([8, 10, 4n]);
  });

  it("should wake, in a state reached along several transitions, what any of them left awake", () => {
    // Flags (counters up to 1) 0 and 1 each dependent on 2 and 3: some states are reached with different sleep
    // sets. Keeping only the first set met would take 26 transitions instead of 28.
    const sleep = packedBfs(
      counters(4, 1, [
        [0, 2],
        [0, 3],
        [1, 2],
        [1, 3],
      ]),
      { reduction: true },
    );
    expect([sleep.states, sleep.transitions]).toEqual([16, 28]);
  });

  it("should reach every terminal state of the full search, on a smaller graph than stubborn sets alone", () => {
    fc.assert(
      fc.property(randomScenario(), fc.boolean(), (scenario, fifo) => {
        const variant = { ...scenario, fifo };
        const model = new CompactBankModel(new CompactBank(variant), bankSystem(variant, chandyLamport).properties());
        const full = packedBfs(model);
        const stubborn = packedBfs(model, { reduction: true, sleepSets: false });
        const sleep = packedBfs(model, { reduction: true });
        expect(terminals(model, sleep)).toEqual(terminals(model, full));
        expect(sleep.states).toBeLessThanOrEqual(stubborn.states);
        expect(sleep.transitions).toBeLessThanOrEqual(stubborn.transitions);
      }),
      { numRuns: 100, seed: 17 },
    );
  });

  it("should start again with stubborn sets alone when a transition leads back to an expanded state", () => {
    // 0 -> 1 -> 3 and 0 -> 2 -> 1: the edge 2 -> 1 reaches state 1 after it was expanded.
    const graph: Graph = { successors: [[1, 2], [3], [1], []] };
    const model: PackedModel = {
      ...graphModel(graph),
      reduction: {
        transitions: 2,
        enabled: (state, at, into) => (into.set(graph.successors[state[at]!]!.map((_, i) => i)), graph.successors[state[at]!]!.length),
        dependents: (_state, _at, t, add) => add(1 - t),
        enablers: () => {},
      },
    };
    const { states, transitions, executions } = packedBfs(model, { reduction: true });
    expect({ states, transitions, executions }).toEqual({ states: 4, transitions: 4, executions: 2n });
  });
});
