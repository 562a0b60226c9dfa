/**
 * The explorer's figures for the bank model, pinned against hand-derived
 * answers and against an independent implementation of spec/model.md
 * (test/support/oracle.ts); shipped-scenarios.system.test.ts pins those of
 * every shipped scenario.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oracleFigures } from "../../support/oracle.js";
import { fromJson, smallScenario, specScenario, twoIdleProcesses } from "../../support/scenarios.js";
import { figures } from "../../support/figures.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

describe("hand-derived figures", () => {
  it("two idle processes: 4 states, 3 transitions, 1 execution, 1 snapshot", () => {
    // init -> initiate P0 -> deliver marker P0->P1 (P1 records) -> deliver marker P1->P0.
    for (const fifo of [true, false]) {
      expect(figures(check({ model: bankModel, scenario: { ...fromJson(twoIdleProcesses), fifo } }))).toEqual({
        states: 4,
        transitions: 3,
        executions: 1n,
        snapshots: 1,
        violated: {},
      });
    }
  });

  it("one send on a one-way channel: 11 states under FIFO, 15 without", () => {
    // Derived step by step in test/oracle.test.ts; the extra non-FIFO states are
    // those where P1 takes P0#1 before the marker that was sent ahead of it.
    const scenario = fromJson({
      processes: { P0: 100, P1: 100 },
      channels: [["P0", "P1"]],
      programs: { P0: [{ to: "P1", amount: 10 }] },
      initiators: ["P0"],
    });
    expect(figures(check({ model: bankModel, scenario: scenario }))).toEqual({ states: 11, transitions: 12, executions: 4n, snapshots: 2, violated: {} });
    expect(figures(check({ model: bankModel, scenario: { ...scenario, fifo: false } }))).toMatchObject({
      states: 15,
      transitions: 16,
      executions: 6n,
      snapshots: 4,
    });
  });

  it("a process with no way back to the initiator never records: termination fails at once", () => {
    const scenario = fromJson({ processes: { P0: 100, P1: 100 }, channels: [["P1", "P0"]], initiators: ["P0"] });
    expect(figures(check({ model: bankModel, scenario: scenario }))).toEqual({
      states: 2,
      transitions: 1,
      executions: 1n,
      snapshots: 1,
      violated: { termination: 1 },
    });
  });
});

describe("agreement with an independent implementation of the semantics", () => {
  it("matches the oracle on the two-node scenario", () => {
    for (const fifo of [true, false]) {
      const oracle = oracleFigures(JSON.parse(readFileSync("spec/scenarios/two-node.json", "utf8")), fifo);
      expect(figures(check({ model: bankModel, scenario: { ...specScenario("two-node"), fifo } }))).toEqual(oracle);
    }
  });

  it("matches the oracle on random small scenarios, FIFO and not", () => {
    fc.assert(
      fc.property(smallScenario({ maxProcesses: 3, maxSends: 3 }), fc.boolean(), (json, fifo) => {
        expect(figures(check({ model: bankModel, scenario: { ...fromJson(json), fifo } }))).toEqual(oracleFigures(json, fifo));
      }),
      { numRuns: 60, seed: 2026 },
    );
  });
});
