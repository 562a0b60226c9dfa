// The dataflow model on cases small enough to check by hand, and the three modes' choices one at a time.
import { describe, expect, it } from "vitest";
import { aligned, atLeastOnce, unaligned, type BarrierMode } from "../../../src/models/dataflow/barrier-modes.js";
import { exploreModel } from "../../../src/explore/generic-explorer.js";
import type { DataflowScenario } from "../../../src/models/dataflow/scenario.js";
import { dataflowSystem } from "../../../src/models/dataflow/system.js";

const scenario = (s1: number, s2: number, checkpoints: number): DataflowScenario => ({
  name: "tiny",
  sources: ["S1", "S2"],
  records: [Array.from({ length: s1 }, (_, k) => `S1#${k + 1}`), Array.from({ length: s2 }, (_, k) => `S2#${k + 1}`)],
  checkpoints,
  algorithm: "aligned",
});
const explore = (s: DataflowScenario, mode: BarrierMode) => exploreModel(dataflowSystem(s, mode));
const violated = (s: DataflowScenario, mode: BarrierMode) => explore(s, mode).violations.map((v) => `${v.property} (${v.path.actions.length})`);

describe("dataflow model: no records, one checkpoint", () => {
  // a, b = S1, S2 inject barrier 1; t1, t2 = the operator takes it from input S1, S2.
  // Before the operator has both barriers, the states are the sets {a, b, t1, t2} with a
  // before t1 and b before t2: {}, {a}, {b}, {a,b}, {a,t1}, {b,t2}, {a,b,t1}, {a,b,t2}, and
  // all four (snapshot, barrier to the sink); then the sink takes it (checkpoint 1 complete)
  // and the job fails: 11 states, 2+2+2+2+1+1+1+1+1+1 = 14 transitions, and the 6 orders of
  // a, b, t1, t2 as executions. Without records, blocking an input changes nothing.
  it("should pin the hand-derived figures, the same with and without alignment", () => {
    for (const mode of [aligned, atLeastOnce]) {
      const result = explore(scenario(0, 0, 1), mode);
      expect([result.states, result.transitions, result.executions]).toEqual([11, 14, 6n]);
    }
  });
});

describe("dataflow model: what each mode's choices buy", () => {
  const small = scenario(1, 1, 1);

  it("should find the duplicate of at-least-once, and none with alignment or stored in-flight records", () => {
    expect(violated(small, atLeastOnce)).toEqual(["exactly-once (15)"]);
    expect(violated(small, aligned)).toEqual([]);
    expect(violated(small, unaligned)).toEqual([]);
  });

  it("should lose records when the operator snapshots at the first barrier without storing what is in flight", () => {
    const forgetful: BarrierMode = { ...unaligned, name: "forgetful", storesInFlight: false };
    expect(violated(small, forgetful)).toEqual(["exactly-once (11)", "at-least-once (11)"]);
  });

  it("should explore recovery from every checkpoint, the second one included", () => {
    for (const mode of [aligned, atLeastOnce, unaligned]) {
      const restoredFrom = new Set(explore(scenario(1, 1, 2), mode).terminalStates.map((s) => s.recoveredFrom));
      expect(restoredFrom).toEqual(new Set([1, 2]));
    }
  });
});
