// The grader keeps one counterexample of all those check() finds: the shortest, and of
// equally short ones the one the search met first, whatever the properties' order.
import { describe, expect, it } from "vitest";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import type { GradedSystem } from "../../src/grade/graded-rules/graded-system.js";
import { replay, runCheck } from "../../src/grade/graded-rules/run-check.js";
import { always } from "../../src/model-contract/property.js";

type Step = "left" | "right" | "on";

/** From "start", "left" or "right"; from "left" only "on". Breadth-first meets "left" before "right". */
const system = (properties: GradedSystem<string, Step>["properties"]): GradedSystem<string, Step> => ({
  model: {
    initStates: () => ["start"],
    actions: (state) => (state === "start" ? ["left", "right"] : state === "left" ? ["on"] : []),
    nextState: (state, action) => (action === "on" ? `${state}-on` : action),
    properties: () => [],
    key: (state) => state,
  },
  stepRules: [],
  properties,
  describeStep: (before, action, after) => `${before} --${action}--> ${after}`,
  describeEnd: (state) => `ended at ${state}`,
});

const notAt = (name: string, bad: string) => always<string>(name, `never at ${bad}`, (state) => (state === bad ? `at ${bad}` : undefined));

describe("runCheck", () => {
  it("should keep the shortest counterexample of all", () => {
    const outcome = runCheck(system([notAt("not-left-on", "left-on"), notAt("not-right", "right")]), 100);
    expect(outcome.violated).toEqual(["not-right", "not-left-on"]);
    expect(outcome.counterexample?.property).toBe("not-right");
  });

  it("should keep, of equally short ones, the one the search met first, not the first property", () => {
    // "right" comes first in the properties, but the search meets "left" first.
    const outcome = runCheck(system([notAt("not-right", "right"), notAt("not-left", "left")]), 100);
    expect(outcome.violated).toEqual(["not-left", "not-right"]);
    expect(outcome.counterexample?.property).toBe("not-left");
    expect(outcome.counterexample?.path.actions).toEqual(["left"]);
  });

  it("should tell it in the reports' words, and replay it", () => {
    const sys = system([notAt("not-left-on", "left-on")]);
    const c = runCheck(sys, 100).counterexample!;
    expect(counterexampleReport(c)).toEqual({
      property: "not-left-on",
      reason: "at left-on",
      length: 2,
      steps: ["start --left--> left", "left --on--> left-on"],
      recorded: "ended at left-on",
      diagram: [],
    });
    expect(replay(sys, c.path.actions)).toEqual({ property: "not-left-on", reason: "at left-on" });
  });

  it("should find nothing where every property holds", () => {
    expect(runCheck(system([notAt("not-elsewhere", "elsewhere")]), 100)).toEqual({ states: 4 });
  });
});
