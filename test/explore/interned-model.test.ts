// The interned model's step memo (interned-model.ts), on two counters whose parts and footprints
// are written by hand: each step taken once per footprint and then reused, a footprint that
// leaves out a part the step changes refused by name, and one that leaves out a part the step
// reads (the model's own promise, which the explorer cannot check) caught only by comparing
// with the readable explorer; and a property not asked where a part says it holds.
import { describe, expect, it } from "vitest";
import { exploreModel } from "../../src/explore/generic-explorer.js";
import { always } from "../../src/model-contract/property.js";
import { rememberByGroups, stepMemo } from "../../src/explore/step-memo.js";
import type { Model } from "../../src/model-contract/model.js";
import type { StateParts, StepFootprint } from "../../src/model-contract/state-parts.js";
import { readableBfs } from "../support/readable-bfs.js";
import { found, internedSearch } from "../support/same-search.js";
import { twoCounters } from "../support/toy-models.js";

type Counters = readonly [number, number];
type Increment = "a" | "b";

/** Two counters, each its own part; a step reads and changes the parts that `slots` names, and reads only those `reads` names where it names any. */
function countersInParts(
  model: Model<Counters, Increment>,
  slots: Record<Increment, number[]>,
  reads: Partial<Record<Increment, number[]>> = {},
): Model<Counters, Increment> {
  const footprint = (action: Increment): StepFootprint => ({ key: action, slots: slots[action], ...(reads[action] ? { reads: reads[action] } : {}) });
  const footprints: Record<Increment, StepFootprint> = { a: footprint("a"), b: footprint("b") };
  const parts: StateParts<Counters, Increment> = {
    count: 2,
    split: (state) => state,
    join: (values) => [values[0] as number, values[1] as number],
    key: (part) => String(part),
    footprint: (_, action) => footprints[action],
  };
  return { ...model, parts };
}

describe("the interned model's step memo", () => {
  it("should take each step once per value of its footprint and reuse it, finding what the readable explorer finds", () => {
    // Counting to 2: "a" from a = 0 and from a = 1, each in 3 states (b = 0, 1, 2); "b" the same.
    const model = countersInParts(twoCounters(2), { a: [0], b: [1] });
    const { result, steps } = internedSearch(model);
    expect(steps).toEqual({ taken: 4, reused: 8 });
    expect(found(model, result)).toEqual(found(model, readableBfs(model)));
    expect([result.states, result.transitions, result.executions]).toEqual([9, 12, 6n]);
  });

  it("should reuse a step wherever the parts it reads meet again, once it changed no other part of its footprint", () => {
    // "a" reads a alone but may change b too: from a = 1 it moves b on as well. From a = 0 it is
    // taken once, then reused whatever b is; from a = 1 it changes b, so it is taken once per b
    // (0, 1 and 2), as without reads; "b" once per b below 2. 6 steps taken instead of 8.
    const spill: Model<Counters, Increment> = {
      ...twoCounters(2),
      nextState: ([a, b], action) => (action === "a" ? [a + 1, a === 1 ? b + 1 : b] : [a, b + 1]),
    };
    const withReads = countersInParts(spill, { a: [0, 1], b: [1] }, { a: [0] });
    const { result, steps } = internedSearch(withReads);
    expect(found(withReads, result)).toEqual(found(spill, readableBfs(spill)));
    expect(steps.taken).toBe(6);
    expect(internedSearch(countersInParts(spill, { a: [0, 1], b: [1] })).steps.taken).toBe(8);
  });

  it("should refuse a footprint that reads a part outside its slots", () => {
    expect(() => stepMemo({ key: "z", slots: [0], reads: [0, 1] }, Int32Array.from([0, 1]), Int32Array.from([1, 1]))).toThrow(
      "a step reads part 1, which is not in its footprint",
    );
  });

  it("should take every step without footprints", () => {
    const { steps } = internedSearch(twoCounters(2));
    expect(steps).toEqual({ taken: 12, reused: 0 });
  });

  it("should refuse a footprint that leaves out a part the step changes, naming the step and the part", () => {
    const both: Model<Counters, Increment> = { ...twoCounters(2), nextState: ([a, b], action) => (action === "a" ? [a + 1, b + 1] : [a, b + 1]) };
    expect(() => exploreModel(countersInParts(both, { a: [0], b: [1] }))).toThrow('the footprint of step "a" leaves out part 1, which the step changed');
  });

  it("should give other successors than the readable explorer where a footprint leaves out a part the step reads", () => {
    // "a" jumps to 2 once b has moved: from a = 0 it depends on b, which its footprint leaves out.
    // The same 9 states and 12 transitions; the executions, counted back from (2, 2): (0, 1) has 2,
    // (1, 0) has 3, so (0, 0) has 5.
    const reads: Model<Counters, Increment> = { ...twoCounters(2), nextState: ([a, b], action) => (action === "a" ? [b > 0 ? 2 : a + 1, b] : [a, b + 1]) };
    expect(readableBfs(reads).executions).toBe(5n);
    expect(exploreModel(countersInParts(reads, { a: [0, 1], b: [1] })).executions).toBe(5n);
    // The "a" from a = 0 met first, at (0, 0), is reused at (0, 1) and (0, 2): it leads to (1, 1)
    // and (1, 2) instead of (2, 1) and (2, 2), and (0, 1) has 3 executions.
    expect(exploreModel(countersInParts(reads, { a: [0], b: [1] })).executions).toBe(6n);
  });
});

describe("a step's memo by groups", () => {
  it("should key a group the footprint covers whole by its number, and of a group it covers in part only the parts it reads", () => {
    // Parts 0 and 1 are group 0, parts 2 and 3 group 1; the step reads parts 0, 1 and 2.
    const memo = stepMemo({ key: "y", slots: [2, 0, 1] }, Int32Array.from([0, 0, 1, 1]), Int32Array.from([2, 2]));
    expect({ groups: [...memo.keyGroups], parts: [...memo.keySlots], whole: [...memo.whole] }).toEqual({ groups: [0], parts: [2], whole: [1, 0] });
    expect(memo.scratch.length).toBe(2);
  });

  it("should be tried on a thousand outcomes, then let go, memory and all, when it is not found again there", () => {
    const memo = stepMemo({ key: "x", slots: [0, 1] }, Int32Array.from([0, 1]), Int32Array.from([1, 1]));
    for (let outcome = 0; outcome < 1024; outcome++) {
      expect(rememberByGroups(memo)).toBe(true);
      memo.groupKey.set([outcome, outcome]);
      memo.groupTable.intern(memo.groupKey, 0);
    }
    const held = memo.groupTable.bytes;
    expect(rememberByGroups(memo)).toBe(false);
    expect(memo.byGroups).toBe(false);
    expect(memo.groupTable.bytes).toBeLessThan(held / 100);
    // No longer counted or remembered by groups.
    expect(rememberByGroups(memo)).toBe(false);
    expect([memo.groupMisses, memo.groupTable.size]).toEqual([1025, 0]);
  });
});

describe("the properties a state's parts let fail", () => {
  /**
   * Two counters to 2, judged by `count` copies of "a stays below 2", which
   * counts how often it is asked about a state where a < 2; the part a says
   * the property may fail only where it is 2.
   */
  function judged(count: number) {
    let askedBelow = 0;
    const property = always<Counters>("a below 2", "a stays below 2", ([a]) => (a < 2 ? (askedBelow++, undefined) : `a = ${a}`));
    const inParts = countersInParts(twoCounters(2), { a: [0], b: [1] });
    const model: Model<Counters, Increment> = {
      ...inParts,
      properties: () => Array.from({ length: count }, () => property),
      parts: { ...inParts.parts!, mayFail: (part, slot) => slot !== 0 || part === 2 },
    };
    return { model, askedBelow: () => askedBelow };
  }

  it("should not ask a property in a state with a part that says it holds there, finding what the readable explorer finds", () => {
    const { model, askedBelow } = judged(1);
    const { result } = internedSearch(model);
    expect(askedBelow()).toBe(0);
    expect(found(model, result)).toEqual(found(model, readableBfs(model)));
    expect(result.violations.map((v) => v.path.actions.length)).toEqual([2]);
  });

  it("should ask every property in every state where there are too many to tell apart", () => {
    // The 6 states where a < 2, each asked about 32 times.
    const { model, askedBelow } = judged(32);
    internedSearch(model);
    expect(askedBelow()).toBe(6 * 32);
  });
});
