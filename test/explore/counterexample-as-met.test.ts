// A caller that asks only whether a property fails (exercise 4's search without FIFO) takes the
// counterexample a reduced breadth-first search met, and spares the search of the full graph that a
// shortest one takes: here that search is past the state limit, the reduced one well within it.
import { describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { fromJson } from "../support/scenarios.js";

// Four processes, every pair connected, three transfers round P1 -> P2 -> P3 -> P1, the auditor P0 starting; no FIFO.
const auditorAndThreeBranches = fromJson({
  processes: { P0: 100, P1: 100, P2: 100, P3: 100 },
  programs: { P1: [{ to: "P2", amount: 1 }], P2: [{ to: "P3", amount: 4 }], P3: [{ to: "P1", amount: 16 }] },
  initiators: ["P0"],
  fifo: false,
});
const limits = { reduction: "por", maxStates: 20_000 } as const;

describe("counterexamples as the search met them (shortest: false)", () => {
  it("should find the same properties violated as the search for the shortest, within a limit that search passes", () => {
    expect(() => check({ model: bankModel, scenario: auditorAndThreeBranches }, limits)).toThrow(StateLimitError);
    const report = check({ model: bankModel, scenario: auditorAndThreeBranches }, { ...limits, shortest: false });
    expect(report.violated).toEqual(expect.arrayContaining(["conservation", "no-ghost-receive", "channel-state"]));
    expect(report.states).toBeLessThan(limits.maxStates);
  });

  it("should give, for each property violated, a run that breaks it", () => {
    const report = check({ model: bankModel, scenario: auditorAndThreeBranches }, { ...limits, shortest: false });
    expect(report.counterexamples.map((c) => c.property).sort()).toEqual([...report.violated].sort());
    const conservation = report.counterexamples.find((c) => c.property === "conservation")!;
    expect(conservation.reason).toMatch(/\S/);
    expect(conservation.length).toBeGreaterThan(0);
  });
});
