import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exploreModel } from "../../src/explore/generic-explorer.js";
import { runsStartingWith } from "../../src/explore/runs-starting-with.js";
import type { Model } from "../../src/model-contract/model.js";
import { always } from "../../src/model-contract/property.js";
import { twoCounters } from "../support/toy-models.js";

describe("runsStartingWith", () => {
  it("searches only the runs that begin with the steps, and every run past them", () => {
    // (0,0) a (1,0) a (2,0), then b twice: the grid's bottom row and its last column.
    const result = exploreModel(runsStartingWith(twoCounters(2), ["a", "a"]));
    expect(result.states).toBe(5);
    expect(result.executions).toBe(1n);
    // From (1,0) on, every action: (1,0) (2,0) (1,1) (2,1) (1,2) (2,2), and (0,0).
    expect(exploreModel(runsStartingWith(twoCounters(2), ["a"])).states).toBe(7);
  });

  it("finds the shortest violation among those runs, from the model's initial state", () => {
    // The sum reaches 4 in four steps on any run; here the first three are b's.
    const [violation] = exploreModel(runsStartingWith(twoCounters(3, 4), ["b", "b", "b"])).violations;
    expect(violation?.path.actions).toEqual(["b", "b", "b", "a"]);
    expect(violation?.path.states[0]).toEqual([0, 0]);
    expect(violation?.reason).toBe("a + b = 4");
  });

  it("goes on unrestricted from a step that is not enabled when its turn comes", () => {
    // The counters stop at 1: after one a, a second is not enabled, and b is then the only step left.
    const result = exploreModel(runsStartingWith(twoCounters(1), ["a", "a", "b"]));
    expect(result.states).toBe(3);
    expect(result.terminalStates).toEqual([[1, 1]]);
  });

  it("keeps a state's actions as first asked where a step leads back to it, so that a violation found past it replays", () => {
    // "mark" leaves the counter as it was; a model over it notes the mark, as the grader notes a rule a step broke.
    const counter: Model<number, "mark" | "up"> = {
      initStates: () => [0],
      actions: (n) => (n < 2 ? (["mark", "up"] as const) : []),
      nextState: (n, action) => (action === "up" ? n + 1 : n),
      properties: () => [],
      key: String,
    };
    const guided = runsStartingWith<number, "mark" | "up">(counter, ["mark", "up"]);
    const noted: Model<{ n: number; marked: boolean }, "mark" | "up"> = {
      initStates: () => guided.initStates().map((n) => ({ n, marked: false })),
      actions: (state) => (state.marked ? [] : guided.actions(state.n)),
      nextState: (state, action) => ({ n: guided.nextState(state.n, action), marked: action === "mark" }),
      properties: () => [always("unmarked", "no step marks", (state) => (state.marked ? "marked" : undefined))],
      key: (state) => `${state.n}${state.marked ? "!" : ""}`,
    };
    const [violation] = exploreModel(noted).violations;
    expect(violation?.path.actions).toEqual(["mark"]);
    expect(violation?.path.states).toEqual([
      { n: 0, marked: false },
      { n: 0, marked: true },
    ]);
  });

  it("keeps only runs of the model: its states are among the model's, its violations replay there", () => {
    const steps = fc.array(fc.constantFrom("a" as const, "b" as const), { maxLength: 6 });
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 8 }), (first, limit, bound) => {
        const model = twoCounters(limit, bound);
        const all = new Set(exploreModel(model).terminalStates.map((s) => model.key(s)));
        const guided = exploreModel(runsStartingWith(model, first));
        for (const end of guided.terminalStates) expect(all.has(model.key(end))).toBe(true);
        for (const { path } of guided.violations) {
          let state = model.initStates()[0]!;
          for (const action of path.actions) {
            expect(model.actions(state)).toContain(action);
            state = model.nextState(state, action);
          }
          expect(model.key(state)).toBe(model.key(path.states.at(-1)!));
        }
      }),
    );
  });
});
