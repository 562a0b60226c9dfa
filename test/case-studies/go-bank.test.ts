// The Go bank simulator (spec/case-studies/go-bank.md): StartSnapshot can run
// between a transfer's debit and its send; under one lock it cannot.
import { describe, expect, it } from "vitest";
import type { RecordedSnapshot } from "../../src/models/bank/snapshot.js";
import type { BankReport } from "../../src/models/bank/bank-report.js";
import { counterexampleLines } from "../../src/models/bank/bank-text-report.js";
import { check } from "../../src/check/check.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";

const violated = (report: BankReport) => report.properties.filter((p) => !p.holds).map((p) => p.name);
const total = (s: RecordedSnapshot) =>
  Object.values(s.processes).reduce((sum, p) => sum + p!.balance, 0) +
  Object.values(s.channels).reduce((sum, amounts) => sum + amounts!.reduce((a, b) => a + b, 0), 0);
const totals = (report: BankReport) => {
  const count: Record<number, number> = {};
  for (const s of report.snapshots!) count[total(s)] = (count[total(s)] ?? 0) + 1;
  return count;
};

describe("the Go bank: debit and send on one goroutine, the snapshot on another", () => {
  const report = check({ model: bankModel, scenario: loadModelScenario("spec/scenarios/case-studies/go-bank-goroutines.json", [bankModel]).scenario });

  it("should pin the figures", () => {
    expect(report.scenario.atomicSend).toBe(false);
    expect([report.states, report.transitions, report.executions, report.snapshots!.length]).toEqual([20_161, 74_852, 947_512_980n, 64]);
  });

  it("should break conservation only: the cut is consistent, the money in hand is not in it", () => {
    expect(violated(report)).toEqual(["conservation"]);
  });

  it("should find it in 8 steps: a debit, the snapshot, and the six markers", () => {
    const [counterexample] = report.counterexamples;
    expect(counterexample?.length).toBe(8);
    expect(counterexample?.reason).toBe("recorded 297 (balances 297 + in channels 0), expected 300");
    expect(counterexampleLines(report, counterexample!).slice(1, 3)).toEqual([
      "   1. P0 debits 3 for P1 (P0#1), balance 97",
      "   2. P0 starts a snapshot: P0 records (pc 0, balance 97), sends markers on P0->P1, P0->P2, starts recording P1->P0, P2->P0",
    ]);
  });

  it("should only ever record too little: the amounts in hand, 3, 5, 7 and their sums", () => {
    expect(totals(report)).toEqual({ 285: 1, 288: 3, 290: 3, 292: 3, 293: 9, 295: 9, 297: 9, 300: 27 });
  });
});

describe("the Go bank: the fix, debit and send under one lock", () => {
  const report = check({ model: bankModel, scenario: loadModelScenario("spec/scenarios/case-studies/go-bank-locked.json", [bankModel]).scenario });

  it("should keep every property, with every recorded snapshot adding up to 300", () => {
    expect([report.states, report.transitions, report.executions, report.snapshots!.length]).toEqual([3_803, 12_405, 5_805_776n, 27]);
    expect(violated(report)).toEqual([]);
    expect(totals(report)).toEqual({ 300: 27 });
  });
});
