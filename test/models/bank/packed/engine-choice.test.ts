import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../../../src/models/bank/algorithms/chandy-lamport.js";
import type { Scenario } from "../../../../src/models/bank/scenario.js";
import { bankSystem } from "../../../../src/models/bank/system.js";
import { compactEngineRefuses } from "../../../../src/models/bank/packed/engine-choice.js";
import { always } from "../../../../src/model-contract/property.js";
import { check } from "../../../../src/check/check.js";
import { bankModel } from "../../../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../../../src/models/load-model-scenario.js";

const scenario = loadModelScenario("spec/scenarios/two-node.json", [bankModel]).scenario;

describe("choosing the engine", () => {
  it("should use the compact engine for the reference rules", () => {
    expect(check({ model: bankModel, scenario: scenario }).search).toMatchObject({ engine: "compact", search: "bfs", reduction: "none", fingerprint: false });
  });

  it("should run a learner's rules on the generic explorer, reduced when asked, and say why", () => {
    const copy = { ...chandyLamport, name: "my-rules" };
    const full = check({ model: bankModel, scenario: { ...scenario, fifo: false } }, { rules: copy, search: "dfs" });
    const report = check({ model: bankModel, scenario: { ...scenario, fifo: false } }, { rules: copy, reduction: "por", search: "dfs" });
    expect(report.search).toMatchObject({
      engine: "generic",
      fallback: "the compact engine runs only the reference chandy-lamport rules, not my-rules",
      search: "dfs",
      reduction: "por",
      fingerprint: false,
    });
    expect(report.search?.ignored).toBeUndefined();
    expect([full.states, full.transitions]).toEqual([127, 189]);
    expect([report.states, report.transitions]).toEqual([86, 101]);
    expect(report.violated).toEqual(full.violated);
    expect(report.snapshots).toEqual(full.snapshots);
  });

  it("should leave to the generic explorer a scenario with an option it does not model", () => {
    const split = { ...scenario, atomicSend: false } as Scenario;
    expect(check({ model: bankModel, scenario: split }).search?.fallback).toBe("the compact engine does not model atomicSend: false");
    const unknown = { ...scenario, colour: "red" } as unknown as Scenario;
    expect(check({ model: bankModel, scenario: unknown }).search?.fallback).toBe('the compact engine does not model colour: "red"');
    // Atomic sends, spelt out, are what it models.
    expect(check({ model: bankModel, scenario: { ...scenario, atomicSend: true } as Scenario }).search?.engine).toBe("compact");
  });

  it("should refuse a model with an always-property it cannot cache", () => {
    const model = bankSystem(scenario, chandyLamport);
    const extra = always("balances-positive", "No balance goes negative.", () => undefined);
    const withExtra = { ...model, properties: () => [...model.properties(), extra] };
    expect(compactEngineRefuses(scenario, chandyLamport, model)).toBeUndefined();
    expect(compactEngineRefuses(scenario, chandyLamport, withExtra)).toBe('the compact engine cannot check the property "balances-positive"');
  });

  it("should run the generic explorer when asked to", () => {
    expect(check({ model: bankModel, scenario: scenario }, { engine: "generic" }).search?.fallback).toBe("asked for the generic explorer");
  });
});
