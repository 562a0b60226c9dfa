// The dataflow's parts (dataflow-parts.ts): exploring with them gives what the readable explorer gives, and they are consistent.
import { describe, expect, it } from "vitest";
import { aligned, atLeastOnce, unaligned, type BarrierMode } from "../../../src/models/dataflow/barrier-modes.js";
import { dataflowModel } from "../../../src/models/dataflow/dataflow-model.js";
import type { DataflowState } from "../../../src/models/dataflow/dataflow-state.js";
import type { DataflowScenario } from "../../../src/models/dataflow/scenario.js";
import { expectConsistentParts, expectFootprintsHold, reachableStates } from "../../support/parts-checks.js";
import { readableBfs } from "../../support/readable-bfs.js";
import { internedSearch, searchFigures } from "../../support/same-search.js";

const scenario = (s1: number, s2: number, checkpoints: number): DataflowScenario => ({
  name: `${s1} and ${s2} records, ${checkpoints} checkpoints`,
  sources: ["S1", "S2"],
  records: [Array.from({ length: s1 }, (_, k) => `S1#${k + 1}`), Array.from({ length: s2 }, (_, k) => `S2#${k + 1}`)],
  checkpoints,
  algorithm: "aligned",
});
/** Snapshots at the first barrier and stores nothing in flight: loses records (both properties break). */
const forgetful: BarrierMode = { ...unaligned, name: "forgetful", storesInFlight: false };

const marked = (s: DataflowScenario, mode: BarrierMode) => (state: DataflowState) => dataflowModel.measure!.marked(s, mode, state);

describe("the dataflow's parts", () => {
  const cases = [
    ...[aligned, atLeastOnce, unaligned, forgetful].map((mode) => [scenario(1, 1, 1), mode] as const),
    // Two checkpoints: recovery from the second one too.
    [scenario(1, 1, 2), aligned] as const,
  ];

  it.each(cases.map(([s, mode]) => [s.name, mode.name, s, mode] as const))(
    "should explore %s with %s as the readable explorer does, reusing steps",
    (_, __, s, mode) => {
      const model = dataflowModel.build(s, mode);
      const { result: exploration, steps } = internedSearch(model, marked(s, mode));
      const reference = readableBfs(model, { measureExecutionsThrough: marked(s, mode) });
      expect(searchFigures(exploration)).toEqual(searchFigures(reference));
      expect(steps.reused).toBeGreaterThan(steps.taken);
      if (mode === forgetful) expect(exploration.violations.map((v) => v.property)).toEqual(["exactly-once", "at-least-once"]);
      if (mode === atLeastOnce) expect(exploration.violations.map((v) => v.property)).toEqual(["exactly-once"]);
    },
  );

  it("should split states into parts that join back to them, with keys and footprints the steps keep to", () => {
    for (const [s, mode, count] of [
      [scenario(1, 1, 2), aligned, 587],
      [scenario(1, 1, 1), unaligned, 421],
    ] as const) {
      const model = dataflowModel.build(s, mode);
      const states = reachableStates(model);
      expect(states).toHaveLength(count);
      expectConsistentParts(model, states);
      expectFootprintsHold(model, states);
    }
  });
});
