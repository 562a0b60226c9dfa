// The database's parts (database-parts.ts): exploring with them gives what the readable explorer gives, and they are consistent.
import { describe, expect, it } from "vitest";
import { databaseModel } from "../../../src/models/database/database-model.js";
import type { DatabaseState } from "../../../src/models/database/database-state.js";
import { findDesign } from "../../../src/models/database/designs/registry.js";
import type { DatabaseScenario } from "../../../src/models/database/scenario.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";
import { parseDatabaseScenario } from "../../../src/models/database/parse-scenario.js";
import { expectConsistentParts, expectFootprintsHold, reachableStates } from "../../support/parts-checks.js";
import { readableBfs } from "../../support/readable-bfs.js";
import { internedSearch, searchFigures } from "../../support/same-search.js";

const load = (name: string) => loadModelScenario(`spec/scenarios/case-studies/${name}.json`).scenario as DatabaseScenario;
const twoNodes = load("database-two-nodes-redo");
// Three nodes, two transfers to B: B's last marker redoes what its other incoming channel recorded.
const threeNodes = parseDatabaseScenario(
  JSON.stringify({
    model: "database",
    nodes: { A: { x: 100 }, B: { x: 100 }, C: { x: 100 } },
    programs: { A: [{ from: "x", to: "B.x", amount: 10 }], C: [{ from: "x", to: "B.x", amount: 5 }] },
    initiators: ["A"],
    algorithm: "chandy-lamport-redo",
  }),
  "three-nodes-one-transfer.json",
);

const build = (scenario: DatabaseScenario, design: string) => databaseModel.build(scenario, findDesign(design));
const marked = (scenario: DatabaseScenario, design: string) => (state: DatabaseState) => databaseModel.measure!.marked(scenario, findDesign(design), state);

/** Explores with the parts' footprints, and says how many steps were taken and reused. */
describe("the database's parts", () => {
  // Every design on two nodes (one breaks contiguous-log), and on three the two that break atomicity, conservation or contiguous-log there.
  const designs = ["chandy-lamport-redo", "blocking", "coordinator", "coordinator-with-resume", "blocking-until-all-done"];
  const cases = [...designs.map((design) => [twoNodes, design] as const), ...designs.slice(0, 2).map((design) => [threeNodes, design] as const)];

  it.each(cases.map(([scenario, design]) => [scenario.nodes.length, design, scenario] as const))(
    "should explore %i nodes with %s as the readable explorer does, reusing steps",
    (_, design, scenario) => {
      const model = build(scenario, design);
      const { result: exploration, steps } = internedSearch(model, marked(scenario, design));
      const reference = readableBfs(model, { measureExecutionsThrough: marked(scenario, design) });
      expect(searchFigures(exploration)).toEqual(searchFigures(reference));
      expect(steps.reused).toBeGreaterThan(steps.taken);
    },
  );

  it("should find what the case study found on two nodes: a hole in the log, and sends held back by the gate", () => {
    const redo = internedSearch(build(twoNodes, "chandy-lamport-redo"), marked(twoNodes, "chandy-lamport-redo")).result;
    expect(redo.violations.map((v) => v.property)).toEqual(["contiguous-log"]);
    const blocking = internedSearch(build(twoNodes, "blocking"), marked(twoNodes, "blocking")).result;
    expect([blocking.states, blocking.executionsThrough]).toEqual([238, 306n]);
  });

  it("should split states into parts that join back to them, with keys and footprints the steps keep to", () => {
    for (const [scenario, design, count] of [
      [threeNodes, "chandy-lamport-redo", 799],
      [twoNodes, "coordinator-with-resume", 205],
    ] as const) {
      const model = build(scenario, design);
      const states = reachableStates(model);
      expect(states).toHaveLength(count);
      expectConsistentParts(model, states);
      expectFootprintsHold(model, states);
    }
    // One group per node: its node, outgoing queues and incoming recordings.
    expect(build(threeNodes, "coordinator").parts!.groups).toEqual([
      [0, 3, 4, 11, 13],
      [1, 5, 6, 9, 14],
      [2, 7, 8, 10, 12],
    ]);
  });

  it("should key nodes whose notes differ differently, even where the notes joined with spaces read the same", () => {
    const parts = build(twoNodes, "coordinator").parts!;
    const [node] = parts.split(build(twoNodes, "coordinator").initStates()[0]!) as readonly object[];
    const noted = (notes: string[]) => parts.key({ ...node, notes }, 0);
    expect(noted(["asked on A->B", "B"])).not.toBe(noted(["asked", "on A->B B"]));
    expect(noted(["asked on A->B"])).toBe(noted(["asked on A->B"]));
  });
});
