// The database model on the smallest case worth drawing: A sends 10 to B once; A starts the snapshot.
import { describe, expect, it } from "vitest";
import { oneTransfer } from "../../support/one-transfer.js";
import { check } from "../../../src/check/check.js";
import { databaseModel } from "../../../src/models/database/database-model.js";

const figures = (algorithm: string) => {
  const report = check({ model: databaseModel, scenario: oneTransfer }, { algorithm });
  return [report.states, report.transitions, report.executions, report.figures[0]!.value, report.counterexamples.length];
};

describe("database model: one distributed transaction", () => {
  // c = A commits A#1, i = A starts the snapshot, D = B commits the credit, M = the marker to B, N = B's marker to A.
  // After c:  P -i-> P1 -D-> P3;  P -D-> P2 -i-> P3;  P3 -M-> P4 -N-> P5 (terminal): 2 executions.
  // After i:  Q -c-> Q1 -M-> Q3;  Q -M-> Q2 -c-> Q3;  Q2 -N-> Q4 -c-> Q6;  Q3 -N-> Q6;  Q3 -D-> Q5 -N-> Q7;  Q6 -D-> Q7.
  // States S0 P P1 P2 P3 P4 P5 Q Q1 Q2 Q3 Q4 Q5 Q6 Q7 = 15, transitions 18, executions 2 + 5 = 7.
  it("should pin the hand-derived figures of the reference design", () => {
    expect(figures("chandy-lamport-redo")).toEqual([15, 18, 7n, 0n, 0]);
  });

  // Blocking: once A has recorded, A#1 waits for B's marker, so after i there is one run
  // (Q -M-> Q2 -N-> Q4 -c-> Q6 -D-> Q7), and it waits in Q and Q2.
  // States S0 P P1 P2 P3 P4 P5 Q Q2 Q4 Q6 Q7 = 12, transitions 12, executions 3, 1 of them waiting.
  it("should hold the transaction back while A's gate is closed", () => {
    expect(figures("blocking")).toEqual([12, 12, 3n, 1n, 0]);
  });
});
