// The bank's parts (bank-parts.ts) keep their promises on every state reached, with the shipped rules and
// the catalogue's wrong ones: split and join, keys, footprints and what a delivery reads, the actions
// listed process by process and channel by channel, and the snapshot properties holding wherever a
// process has not recorded or a channel is not closed. The one search relies on each of them
// (src/explore/interned-model.ts); search-agrees-with-readable-bfs.test.ts compares what it finds with the readable explorer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Model } from "../../../src/model-contract/model.js";
import type { BankState } from "../../../src/models/bank/bank-state.js";
import { bankSystem } from "../../../src/models/bank/system.js";
import { multiSnapshotSystem } from "../../../src/models/bank/multi-snapshot/system.js";
import { chandyLamportPerSnapshot } from "../../../src/models/bank/multi-snapshot/chandy-lamport-per-snapshot.js";
import { repeated, threeConcurrent } from "../../../src/grade/exercises/scenarios.js";
import { gradedSystemModel } from "../../../src/grade/graded-rules/graded-system.js";
import { bankGradedSystem } from "../../../src/grade/exercises/bank-check.js";
import { expectActionSourcesHold, expectConsistentParts, expectFootprintsHold, reachableStates } from "../../support/parts-checks.js";
import { bankRuleSets, smallBankScenario } from "../../support/same-search.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

/** Rules that send markers forever never end: the states checked are the first reached. */
const MAX_STATES = 150;

/** Every promise of the parts, on these states. */
function expectPartsHold<State, Action>(model: Model<State, Action>, states: readonly State[]): void {
  expectConsistentParts(model, states);
  expectFootprintsHold(model, states);
  expectActionSourcesHold(model, states);
}

describe("the bank's parts", () => {
  it("should keep their promises on random scenarios, with every rule set of the catalogue", () => {
    fc.assert(
      fc.property(smallBankScenario(), fc.constantFrom(...bankRuleSets), (scenario, { module }) => {
        const model = bankSystem(scenario, module.rules);
        let states: BankState[];
        try {
          states = reachableStates(model, MAX_STATES);
        } catch {
          // Effects the bank refuses: the grader's model ends the run there (graded-model.ts).
          fc.pre(false);
          return;
        }
        expectPartsHold(model, states);
      }),
      { numRuns: 12, seed: 21 },
    );
  });

  it("should keep them in the grader's model too, where a broken step rule ends the run and is the only property that fails there", () => {
    let broken = 0;
    fc.assert(
      fc.property(smallBankScenario(), fc.constantFrom(...bankRuleSets), (scenario, { module }) => {
        const model = gradedSystemModel(bankGradedSystem(scenario, module.rules));
        const states = reachableStates(model, MAX_STATES);
        expectPartsHold(model, states);
        broken += states.filter((state) => state.broken).length;
      }),
      { numRuns: 12, seed: 22 },
    );
    // And where rules break the step rules, on three-node: the part that ends a run, put to the test.
    const threeNode = loadModelScenario("spec/scenarios/three-node.json", [bankModel]).scenario;
    for (const name of ["never forwards markers", "records on every marker"]) {
      const model = gradedSystemModel(bankGradedSystem(threeNode, bankRuleSets.find((set) => set.name === name)!.module.rules));
      const states = reachableStates(model, MAX_STATES);
      expectPartsHold(model, states);
      broken += states.filter((state) => state.broken).length;
    }
    expect(broken).toBeGreaterThan(20);
  });

  it("should list the actions of three-node's states process by process and channel by channel, and judge only complete snapshots", () => {
    const model = bankSystem(loadModelScenario("spec/scenarios/three-node.json", [bankModel]).scenario, bankRuleSets[0]!.module.rules);
    const states = reachableStates(model, 600);
    expectActionSourcesHold(model, states);
    // Of which some are complete, where the properties are judged.
    const parts = model.parts!;
    expect(states.some((state) => parts.split(state).every((part, slot) => parts.mayFail!(part, slot, 0)))).toBe(true);
  });

  it("should keep the several-snapshots bank's footprints, what its deliveries read included", () => {
    for (const scenario of [repeated, threeConcurrent]) {
      const model = multiSnapshotSystem(scenario, chandyLamportPerSnapshot);
      expectFootprintsHold(model, reachableStates(model, 1_000));
    }
  });
});
