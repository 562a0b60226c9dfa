import { describe, expect, it } from "vitest";
import { exploreModel } from "../../src/explore/generic-explorer.js";
import { graphWalk } from "../support/toy-models.js";

/** The property a run that never ends broke, the states along its counterexample, and why. */
const endless = (successors: Record<string, string[]>, options: Parameters<typeof exploreModel>[1] = {}) => {
  const result = exploreModel(graphWalk(successors), options);
  return { violated: result.violated, runs: result.violations.map((v) => [v.property, v.path.states.join(" "), v.reason]), executions: result.executions };
};

describe("a run that never ends", () => {
  it("breaks a claim on how every run ends, shown as the shortest run to a state on a cycle and the shortest way back", () => {
    // start -> a -> b -> c -> d -> b: b is the first state on the cycle a breadth-first search meets; done ends the other branch.
    const found = endless({ start: ["a", "done"], a: ["b"], b: ["c"], c: ["d", "b"], d: ["b"] });
    expect(found.executions).toBeUndefined();
    expect(found.violated).toEqual(["ends at done"]);
    expect(found.runs).toEqual([
      ["ends at done", "start a b c b", "the run is back in the state after step 2: steps 3 to 4 can repeat forever, and it never ends"],
    ]);
  });

  it("may loop on one state, the initial one too", () => {
    expect(endless({ start: ["start", "done"] }).runs).toEqual([
      ["ends at done", "start start", "the run is back in the initial state: step 1 can repeat forever, and it never ends"],
    ]);
    // Two cycles as far from the start: the self-loop on a makes a shorter run than the cycle through b and c, met first.
    expect(endless({ start: ["b", "a"], a: ["a"], b: ["c"], c: ["b"] }).runs).toEqual([
      ["ends at done", "start a a", "the run is back in the state after step 1: step 2 can repeat forever, and it never ends"],
    ]);
  });

  it("leaves a claim on terminal states alone, and a claim already broken at a terminal state keeps that counterexample", () => {
    const found = endless({ start: ["loud", "stuck", "a"], a: ["b"], b: ["a"] });
    expect(found.violated).toEqual(["ends at done", "ends quietly"]);
    expect(found.runs).toEqual([
      ["ends at done", "start loud", "ended at loud"],
      ["ends quietly", "start loud", "ended loud"],
    ]);
  });

  it("is found the same whichever way the graph is searched", () => {
    const successors = { start: ["a", "done"], a: ["b"], b: ["c"], c: ["d", "b"], d: ["b"] };
    expect(endless(successors, { search: "dfs" }).runs).toEqual(endless(successors).runs);
  });

  it("is no failure where every run ends", () => {
    expect(endless({ start: ["a", "done"], a: ["done"] })).toEqual({ violated: [], runs: [], executions: 2n });
  });
});
