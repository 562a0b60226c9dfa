// Barrier alignment in a dataflow (spec/case-studies/dataflow-barriers.md): after a failure
// and recovery, at-least-once mode counts a record twice; aligned and unaligned do not.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/check/report.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { check } from "../../src/check/check.js";

function checked(mode: string): Report {
  const loaded = loadModelScenario(`spec/scenarios/case-studies/dataflow-${mode}.json`);
  if (loaded.model.name !== "dataflow") throw new Error(`dataflow-${mode} is not a dataflow scenario`);
  return check(loaded);
}
const summary = (r: Report) => ({
  figures: [r.states, r.transitions, r.executions, r.figures.find((f) => f.label === "executions in which an input is held back")?.value],
  violated: r.counterexamples.map((c) => `${c.property} (${c.length})`),
});

describe("the dataflow: two sources, a two-input operator, a sink, two checkpoints, one failure", () => {
  it("should keep exactly-once with aligned barriers, holding an input back in 61% of runs", () => {
    expect(summary(checked("aligned"))).toEqual({ figures: [1_835, 5_482, 15_687_728_304n, 9_565_892_461n], violated: [] });
  });

  it("should keep exactly-once with unaligned barriers and stored in-flight records", () => {
    expect(summary(checked("unaligned"))).toEqual({ figures: [5_212, 16_302, 77_163_193_320n, 0n], violated: [] });
  });

  it("should count a record twice without alignment or stored records, and lose none", () => {
    const report = checked("at-least-once");
    expect(summary(report)).toEqual({ figures: [4_000, 10_831, 21_834_693_688n, 0n], violated: ["exactly-once (18)"] });
    const [duplicate] = report.counterexamples;
    expect(duplicate!.reason).toBe("S2#1 is twice in the sink's result: [S1#1, S1#2, S2#1, S2#1]");
    expect(duplicate!.steps.slice(7, 10)).toEqual([
      "the operator takes barrier 1 on input S2: leaves input S2 open while it waits for barrier 1 on input S1",
      "the operator takes S2#1 on input S2: counts it [S1#1, S1#2, S2#1], sends it on",
      "the operator takes barrier 1 on input S1: snapshots its count [S1#1, S1#2, S2#1] for checkpoint 1, forwards barrier 1",
    ]);
    expect(duplicate!.steps[14]).toBe(
      "the job fails and restarts from checkpoint 1: sources rewind (S1 to offset 2, S2 to offset 0), the operator's count is [S1#1, S1#2, S2#1], the sink's result [S1#1, S1#2, S2#1]",
    );
  });
});
