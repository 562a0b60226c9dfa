// The three-cashier Python demo (spec/case-studies/three-cashiers.md): its receive
// rule records correct snapshots but changes the computation it photographs.
import { describe, expect, it } from "vitest";
import { findAlgorithm } from "../../src/models/bank/algorithms/registry.js";
import type { BankReport } from "../../src/models/bank/bank-report.js";
import { counterexampleLines } from "../../src/models/bank/bank-text-report.js";
import { check } from "../../src/check/check.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";

const demo = loadModelScenario("spec/scenarios/case-studies/three-cashiers.json", [bankModel]).scenario;
const verdicts = (report: BankReport) => Object.fromEntries(report.properties.map((p) => [p.name, p.holds]));

describe("the three-cashier demo: the demo's rule on the demo's three cashiers", () => {
  const report = check({ model: bankModel, scenario: demo });
  const reference = check({ model: bankModel, scenario: demo }, { rules: findAlgorithm("chandy-lamport") });

  it("should name the demo's rule in the scenario", () => {
    expect(report.algorithm).toBe("defer-after-recording");
  });

  it("should keep every snapshot property and break non-interference", () => {
    expect(verdicts(report)).toEqual({
      "no-ghost-receive": true,
      "channel-state": true,
      conservation: true,
      reachable: true,
      termination: true,
      "non-interference": false,
    });
    expect(verdicts(reference)["non-interference"]).toBe(true);
  });

  it("should record exactly the snapshots the reference rules record, over more states", () => {
    expect([report.states, report.transitions, report.executions, report.snapshots!.length]).toEqual([43_008, 154_842, 9_625_677_828n, 117]);
    expect([reference.states, reference.transitions, reference.executions]).toEqual([36_895, 138_167, report.executions]);
    expect(report.snapshots).toEqual(reference.snapshots);
  });

  it("should show a whole run (17 steps) whose received money stays in buffers", () => {
    const [counterexample] = report.counterexamples;
    expect(counterexample?.property).toBe("non-interference");
    expect(counterexample?.length).toBe(17);
    expect(counterexample?.reason).toBe(
      "P0 ends with balance 83, but every run without a snapshot ends with 118; kept in its buffer, never applied: [P1#2 (5), P2#1 (30)]",
    );
    const lines = counterexampleLines(report, counterexample!);
    expect(lines[11]).toBe("  11. deliver P1#2 (5) on P1->P0: adds it to the recording of P1->P0, P0 keeps it in its buffer (balance stays 83)");
  });
});

describe("the three-cashier demo: the smallest case, two processes", () => {
  const twoNode = loadModelScenario("spec/scenarios/two-node.json", [bankModel]).scenario;

  it("should explore the same graph as the reference rules, in which one message is never applied", () => {
    const report = check({ model: bankModel, scenario: twoNode }, { rules: findAlgorithm("defer-after-recording") });
    expect([report.states, report.transitions, report.executions]).toEqual([65, 101, 102n]);
    // send P0, initiate P0, send P1, deliver P0#1, marker P0->P1, deliver P1#1 (buffered), marker P1->P0.
    expect(report.counterexamples.map((c) => [c.property, c.length])).toEqual([["non-interference", 7]]);
    const last = report.counterexamples[0]!.path.states.at(-1)!;
    expect(last.processes.map((p) => p.balance)).toEqual([90, 90]);
    expect(last.processes[0]!.buffered).toEqual([{ kind: "data", id: "P1#1", amount: 20 }]);
  });
});
