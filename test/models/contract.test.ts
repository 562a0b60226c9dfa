/**
 * The contract every registered model keeps, with each of its rules (bank
 * algorithms, database designs, barrier modes), on random walks: the same
 * step gives the same state and key, a step never changes the state it is
 * given, and actions come in a stable order. Each set of rules runs on the
 * first shipped scenario that names it (else the model's first), so a new
 * model with a scenario in spec/scenarios/ is tested without editing this.
 */
import { readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelScenario } from "../../src/check/model-descriptor.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { models } from "../../src/models/registry.js";
import type { Model } from "../../src/model-contract/model.js";
import { expectEqual } from "../support/expect-equal.js";
import { deepFreeze } from "../support/deep-freeze.js";

function keepsTheContract<State extends object, Action>(model: Model<State, Action>): void {
  fc.assert(
    fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
      let state = deepFreeze(model.initStates()[0]!);
      for (const choice of choices) {
        const actions = model.actions(state);
        if (actions.length === 0) break;
        expectEqual(model.actions(state), actions);
        const action = actions[choice % actions.length]!;
        const next = model.nextState(state, action);
        const again = model.nextState(state, action);
        expectEqual(again, next);
        if (model.key(again) !== model.key(next)) expect(model.key(again)).toBe(model.key(next));
        state = deepFreeze(next);
      }
    }),
    { numRuns: 100, seed: 6 },
  );
}

const shipped: ModelScenario[] = readdirSync("spec/scenarios", { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => loadModelScenario(`spec/scenarios/${file}`));

const cases = models.flatMap((model) => {
  const own = shipped.filter((loaded) => loaded.model === model);
  return model.algorithms.names().map((rules) => {
    const loaded = own.find((l) => model.algorithmOf(l.scenario) === rules) ?? own[0];
    if (!loaded) throw new Error(`no shipped scenario of the ${model.name} model`);
    return { label: `${model.name} with ${rules} on ${model.scenarioName(loaded.scenario)}`, loaded, rules };
  });
});

describe.each(cases)("$label", ({ loaded, rules }) => {
  it("should step deterministically, without mutating the state, listing actions in a stable order", () => {
    keepsTheContract(loaded.model.build(loaded.scenario, loaded.model.algorithms.find(rules)));
  });
});
