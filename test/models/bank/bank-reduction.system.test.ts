// The bank's partial-order reduction for any rules (src/models/bank/bank-reduction.ts,
// spec/reduction.md) on five-process explored whole: in the system tier, as every test that explores a
// shipped scenario of more than 100,000 states. bank-reduction.test.ts holds the reduction to the full search.
import { describe, expect, it } from "vitest";
import { check } from "../../../src/check/check.js";
import { inProcessSubmission } from "../../../src/grade/graded-rules/remembering-submission.js";
import { submittedRules } from "../../../src/grade/graded-rules/submitted-rules.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";
import * as recordAndForwardAnswer from "../../../solutions/01-record-and-forward/rules.js";

/** The distinct snapshots, as a set: a reduced search meets the terminal states in another order. */
const asSet = (snapshots: readonly unknown[]) => snapshots.map((s) => JSON.stringify(s)).sort();

describe("the bank reduced, whatever its rules, on a shipped scenario", () => {
  it("should explore five-process with the answer to exercise 1, reduced, in 106,629 states", () => {
    // The full graph has more than 30,000,000 states. The compact engine, which knows the reference
    // rules, needs 17,249: after a process records, it knows that its remaining markers commute. A
    // learner's rules may read the order they come in, so here that is found by trying, and only for
    // messages already on their way; a marker still to be sent could reach the process at any point, so
    // its order against the process's other steps is kept. Every snapshot and verdict is the compact engine's.
    const scenario = loadModelScenario("spec/scenarios/five-process.json", [bankModel]).scenario;
    const rules = submittedRules(inProcessSubmission(recordAndForwardAnswer), scenario);
    const reduced = check({ model: bankModel, scenario: scenario }, { rules: rules, reduction: "por" });
    const compact = check({ model: bankModel, scenario: scenario }, { reduction: "por" });
    expect([reduced.states, reduced.snapshots!.length, reduced.violated]).toEqual([106_629, 243, []]);
    expect(compact.states).toBe(17_249);
    expect(asSet(reduced.snapshots!)).toEqual(asSet(compact.snapshots!));
  });
});
