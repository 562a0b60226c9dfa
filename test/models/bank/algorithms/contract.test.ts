/**
 * The contract every snapshot algorithm and the bank model keep, checked on
 * random scenarios and random reachable states: rules are deterministic and
 * never change what they are handed; the model lists actions in a stable
 * order and steps without mutating its input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { algorithmNames, findAlgorithm } from "../../../../src/models/bank/algorithms/registry.js";
import { enabledActions, formatAction } from "../../../../src/models/bank/actions.js";
import { bankSystem } from "../../../../src/models/bank/system.js";
import type { BankState } from "../../../../src/models/bank/bank-state.js";
import { fromJson, smallScenario } from "../../../support/scenarios.js";
import { deepFreeze } from "../../../support/deep-freeze.js";

const walk = fc.record({
  scenario: smallScenario({ maxProcesses: 3, maxSends: 3 }),
  fifo: fc.boolean(),
  choices: fc.array(fc.nat(), { maxLength: 25 }),
});

describe.each(algorithmNames())("the %s rules in the bank", (name) => {
  it("step deterministically, without mutating the state, listing actions in a stable order", () => {
    fc.assert(
      fc.property(walk, ({ scenario: json, fifo, choices }) => {
        const scenario = { ...fromJson(json), fifo };
        const model = bankSystem(scenario, findAlgorithm(name));
        let state: BankState = deepFreeze(model.initStates()[0]!);
        for (const choice of choices) {
          const actions = model.actions(state);
          if (actions.length === 0) break;
          expect(enabledActions(scenario, state)).toEqual(actions);
          const action = actions[choice % actions.length]!;
          const next = model.nextState(state, action);
          expect(model.nextState(state, action)).toEqual(next);
          expect(model.key(model.nextState(state, action))).toBe(model.key(next));
          expect(formatAction(scenario, state, action)).toMatch(/^(send|initiate) \w+$|^deliver \w+->\w+ (marker|\w+#\d+)$/);
          state = deepFreeze(next);
        }
      }),
      { numRuns: 150, seed: 5 },
    );
  });
});
