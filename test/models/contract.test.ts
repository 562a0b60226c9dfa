/**
 * The contract the case studies' models keep, with every design and barrier
 * mode, on random walks: the same step gives the same state and key, a step
 * never changes the state it is given, and actions come in a stable order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barrierModeNames, findBarrierMode } from "../../src/models/dataflow/barrier-modes.js";
import { designNames, findDesign } from "../../src/models/database/designs/registry.js";
import { loadModelScenario } from "../../src/models/registry.js";
import type { Model } from "../../src/model/model.js";
import { dataflowSystem } from "../../src/models/dataflow/system.js";
import { databaseSystem } from "../../src/models/database/system.js";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function keepsTheContract<State extends object, Action>(model: Model<State, Action>): void {
  fc.assert(
    fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
      let state = deepFreeze(model.initStates()[0]!);
      for (const choice of choices) {
        const actions = model.actions(state);
        if (actions.length === 0) break;
        expect(model.actions(state)).toEqual(actions);
        const action = actions[choice % actions.length]!;
        const next = model.nextState(state, action);
        expect(model.nextState(state, action)).toEqual(next);
        expect(model.key(model.nextState(state, action))).toBe(model.key(next));
        state = deepFreeze(next);
      }
    }),
    { numRuns: 100, seed: 6 },
  );
}

const three = loadModelScenario("spec/scenarios/case-studies/seed002-three-nodes-blocking.json");
const flow = loadModelScenario("spec/scenarios/case-studies/seed003-unaligned.json");

describe.each(designNames())("the %s design in the database", (name) => {
  it("should step deterministically, without mutating the state, listing actions in a stable order", () => {
    if (three.model.name !== "database") throw new Error("not a database scenario");
    keepsTheContract(databaseSystem(three.scenario, findDesign(name)));
  });
});

describe.each(barrierModeNames())("the %s barrier mode in the dataflow", (name) => {
  it("should step deterministically, without mutating the state, listing actions in a stable order", () => {
    if (flow.model.name !== "dataflow") throw new Error("not a dataflow scenario");
    keepsTheContract(dataflowSystem(flow.scenario, findBarrierMode(name)));
  });
});
