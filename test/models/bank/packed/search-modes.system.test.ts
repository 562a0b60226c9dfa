// Every search mode (depth-first, fingerprints, partial-order reduction) gives the full search's answers, on
// hundreds of random scenarios and on the shipped three- and four-process ones: in the system tier, for the
// states that takes to explore.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BankReport } from "../../../../src/models/bank/bank-report.js";
import { randomScenario } from "../../../support/random-scenario.js";
import { check } from "../../../../src/check/check.js";
import type { SearchOptions } from "../../../../src/check/model-descriptor.js";
import { bankModel } from "../../../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../../../src/models/load-model-scenario.js";

/** Verdicts, the set of distinct terminal snapshots, and the (shortest) counterexamples. */
function verdicts(report: BankReport) {
  return {
    properties: report.properties,
    snapshots: report.snapshots!.map((s) => JSON.stringify(s)).sort(),
    counterexamples: report.counterexamples,
  };
}

const modes: SearchOptions[] = [{ reduction: "por" }, { search: "dfs" }, { fingerprint: true }, { search: "dfs", reduction: "por", fingerprint: true }];

describe("search modes", () => {
  it("should give every verdict, snapshot set and shortest counterexample of the full search, in every mode", () => {
    fc.assert(
      fc.property(randomScenario(), fc.constantFrom(...modes), (scenario, mode) => {
        const full = check({ model: bankModel, scenario: scenario }, { maxStates: 50_000 });
        expect(verdicts(check({ model: bankModel, scenario }, mode))).toEqual(verdicts(full));
      }),
      { numRuns: 120, seed: 11 },
    );
  });

  it("should keep every verdict, snapshot and shortest counterexample under reduction, FIFO on and off", () => {
    fc.assert(
      fc.property(randomScenario(), (scenario) => {
        for (const fifo of [true, false]) {
          const full = check({ model: bankModel, scenario: { ...scenario, fifo } }, { maxStates: 50_000 });
          expect(verdicts(check({ model: bankModel, scenario: { ...scenario, fifo } }, { reduction: "por" }))).toEqual(verdicts(full));
        }
      }),
      { numRuns: 60, seed: 19 },
    );
  });

  it("should count the full graph exactly without reduction, whatever the search order or storage", () => {
    fc.assert(
      fc.property(randomScenario(), (scenario) => {
        const figures = ({ states, transitions, executions }: BankReport) => ({ states, transitions, executions });
        const full = figures(check({ model: bankModel, scenario: scenario }));
        expect(figures(check({ model: bankModel, scenario: scenario }, { search: "dfs" }))).toEqual(full);
        expect(figures(check({ model: bankModel, scenario: scenario }, { fingerprint: true }))).toEqual(full);
      }),
      { numRuns: 40, seed: 13 },
    );
  });

  it("should shrink the three-node scenario more than tenfold under reduction, FIFO or not", () => {
    const scenario = loadModelScenario("spec/scenarios/three-node.json", [bankModel]).scenario;
    for (const fifo of [true, false]) {
      const full = check({ model: bankModel, scenario: { ...scenario, fifo } });
      const reduced = check({ model: bankModel, scenario: { ...scenario, fifo } }, { reduction: "por" });
      expect(reduced.states * 10).toBeLessThan(full.states);
      expect(verdicts(reduced)).toEqual(verdicts(full));
    }
  });

  it("should pin the four-process case under reduction: 2,353 states instead of 1,403,969, one path to each of the 81 snapshots", () => {
    const report = check({ model: bankModel, scenario: loadModelScenario("spec/scenarios/four-process.json", [bankModel]).scenario }, { reduction: "por" });
    // Stubborn sets alone: 4,805 states and 5,597 transitions; sleep sets leave a tree.
    expect([report.states, report.transitions, report.executions, report.snapshots!.length]).toEqual([2353, 2352, 81n, 81]);
    expect(report.properties.every((p) => p.holds)).toBe(true);
  });

  it("should report the fingerprint collision estimate only in fingerprint mode", () => {
    const scenario = loadModelScenario("spec/scenarios/two-node.json", [bankModel]).scenario;
    expect(check({ model: bankModel, scenario: scenario }).search?.collisionProbability).toBeUndefined();
    const p = check({ model: bankModel, scenario: scenario }, { fingerprint: true }).search?.collisionProbability;
    // TLC's formula: states x (generated - states) / 2^64 = 65 x (101 + 1 - 65) / 2^64.
    expect(p).toBeCloseTo((65 * 37) / 2 ** 64, 30);
  });
});
