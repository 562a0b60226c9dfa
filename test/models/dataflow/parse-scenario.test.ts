import { describe, expect, it } from "vitest";
import { parseDataflowScenario } from "../../../src/models/dataflow/parse-scenario.js";

const valid = { model: "dataflow", sources: { A: 2, B: 0 }, checkpoints: 2, algorithm: "unaligned" };
const parse = (fields: object) => parseDataflowScenario(JSON.stringify({ ...valid, ...fields }), "flow.json");

describe("parseDataflowScenario", () => {
  it("should number each source's records and keep the rest", () => {
    expect(parse({})).toEqual({ name: "flow", sources: ["A", "B"], records: [["A#1", "A#2"], []], checkpoints: 2, algorithm: "unaligned" });
  });

  it.each([
    [{ model: "database" }, 'flow.json: model: must be "dataflow"'],
    [{ sinks: 1 }, "flow.json: sinks: unknown key (expected one of model, name, sources, checkpoints, algorithm)"],
    [{ sources: { A: 1 } }, "flow.json: sources: must name exactly two sources (the operator has two inputs), got 1"],
    [{ sources: { A: 1, B: -1 } }, "flow.json: sources.B: must be the number of records it emits, got -1"],
    [{ checkpoints: 0 }, "flow.json: checkpoints: must be a positive integer, got 0"],
    [{ checkpoints: undefined }, "flow.json: checkpoints: must be an integer, got nothing"],
    [{ algorithm: "exactly-once" }, "flow.json: algorithm: must name a barrier mode (aligned, at-least-once, unaligned)"],
  ])("should refuse %j in one line naming the field", (fields, message) => {
    expect(() => parse(fields)).toThrow(message);
  });
});
