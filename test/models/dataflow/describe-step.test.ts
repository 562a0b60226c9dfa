// A dataflow trace in words, step by step: an unaligned checkpoint that stores a record and gives it back.
import { describe, expect, it } from "vitest";
import { aligned, unaligned, type BarrierMode } from "../../../src/models/dataflow/barrier-modes.js";
import type { DataflowAction } from "../../../src/models/dataflow/actions.js";
import { describeDataflowStep } from "../../../src/models/dataflow/describe-dataflow-step.js";
import type { DataflowScenario } from "../../../src/models/dataflow/scenario.js";
import { initialDataflowState } from "../../../src/models/dataflow/dataflow-state.js";
import { dataflowStep } from "../../../src/models/dataflow/system.js";

const scenario: DataflowScenario = { name: "t", sources: ["S1", "S2"], records: [[], ["S2#1"]], checkpoints: 1, algorithm: "unaligned" };

function narrate(mode: BarrierMode, actions: DataflowAction[]): string[] {
  let state = initialDataflowState(scenario);
  return actions.map((action) => {
    const after = dataflowStep(scenario, mode, state, action);
    const words = describeDataflowStep(scenario, mode, state, action, after);
    state = after;
    return words;
  });
}

describe("describeDataflowStep", () => {
  it("should tell an unaligned checkpoint storing a record in flight, and recovery putting it back", () => {
    expect(
      narrate(unaligned, [
        { type: "inject", source: 0 },
        { type: "emit", source: 1 },
        { type: "inject", source: 1 },
        { type: "take", input: 0 },
        { type: "take", input: 1 },
        { type: "take", input: 1 },
        { type: "sink" },
        { type: "sink" },
        { type: "fail" },
      ]),
    ).toEqual([
      "S1 injects barrier 1 (its part of checkpoint 1: offset 0)",
      "S2 emits S2#1",
      "S2 injects barrier 1 (its part of checkpoint 1: offset 1)",
      "the operator takes barrier 1 on input S1: snapshots its count [] for checkpoint 1, forwards barrier 1, stores what arrives on input S2 until its barrier 1",
      "the operator takes S2#1 on input S2: counts it [S2#1], sends it on, stores it as in flight for checkpoint 1",
      "the operator takes barrier 1 on input S2: stops storing input S2 (in flight for checkpoint 1: [S2#1])",
      "the sink takes barrier 1: its result [] is its part of checkpoint 1; checkpoint 1 is complete",
      "the sink takes S2#1: result [S2#1]",
      "the job fails and restarts from checkpoint 1: sources rewind (S1 to offset 0, S2 to offset 1), the operator's count is [], the sink's result [], [S2#1] back into input S2",
    ]);
  });

  it("should tell an aligned operator blocking an input, and a sink barrier that does not complete the checkpoint", () => {
    expect(
      narrate(aligned, [
        { type: "inject", source: 1 },
        { type: "take", input: 1 },
      ]),
    ).toEqual([
      "S2 injects barrier 1 (its part of checkpoint 1: offset 0)",
      "the operator takes barrier 1 on input S2: blocks input S2 until barrier 1 comes on input S1",
    ]);
    expect(narrate(unaligned, [{ type: "inject", source: 1 }, { type: "take", input: 1 }, { type: "sink" }]).at(-1)).toBe(
      "the sink takes barrier 1: its result [] is its part of checkpoint 1",
    );
  });
});
