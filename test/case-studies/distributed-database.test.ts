// The distributed-database snapshot design (spec/case-studies/distributed-database.md): three
// designs on two and three nodes, every property, and what blocking costs.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/check/report.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { check } from "../../src/check/check.js";

// Each scenario is explored once, however many tests read its report.
const reports = new Map<string, Report>();
function checked(name: string): Report {
  const loaded = loadModelScenario(`spec/scenarios/case-studies/${name}.json`);
  if (loaded.model.name !== "database") throw new Error(`${name} is not a database scenario`);
  if (!reports.has(name)) reports.set(name, check(loaded));
  return reports.get(name)!;
}
const summary = (r: Report) => ({
  figures: [r.states, r.transitions, r.executions, r.figures.find((f) => f.label === "executions in which a send waits")?.value],
  violated: r.counterexamples.map((c) => `${c.property} (${c.length})`),
});

describe("the distributed database on two nodes", () => {
  it("should find the reference design's snapshot atomic but not a prefix of the log", () => {
    const report = checked("database-two-nodes-redo");
    expect(summary(report)).toEqual({ figures: [303, 547, 1_839n, 0n], violated: ["contiguous-log (6)"] });
    expect(report.counterexamples[0]!.reason).toBe("A's snapshot holds log positions 2: 1 is missing");
    expect(report.counterexamples[0]!.steps[1]).toBe("A commits A#1 (log 1): moves 10 from A.x to A.y");
  });

  it("should find the document's blocking design correct, a send waiting in 306 of 678 runs", () => {
    expect(summary(checked("database-two-nodes-blocking"))).toEqual({ figures: [238, 377, 678n, 306n], violated: [] });
  });

  it("should find the coordinated checkpoint correct, a send waiting in 940 of 1,479 runs", () => {
    expect(summary(checked("database-two-nodes-coordinator"))).toEqual({ figures: [155, 277, 1_479n, 940n], violated: [] });
  });
});

describe("the distributed database on three nodes", () => {
  it("should find the reference design's log gap again", () => {
    expect(summary(checked("database-three-nodes-redo"))).toEqual({ figures: [23_912, 86_359, 947_512_980n, 0n], violated: ["contiguous-log (11)"] });
  });

  it("should break the blocking design through a node that has finished and reopened its gate", () => {
    const report = checked("database-three-nodes-blocking");
    expect(summary(report)).toEqual({ figures: [15_696, 39_639, 60_966_877n, 51_707_795n], violated: ["atomicity (10)", "conservation (10)"] });
    const [atomicity] = report.counterexamples;
    expect(atomicity!.reason).toBe("A#2 (20 from A.x to B.x) has its credit in the snapshot and not its debit");
    expect(atomicity!.steps.slice(6)).toEqual([
      "A receives a marker on C->A: finishes its snapshot: log 1, balances 90, 110, unblocks distributed transactions, closes C->A with []",
      "A commits A#2 (log 2): debits 20 from A.x and sends the credit to B.x",
      "B commits the credit of A#2 (log 1): 20 to B.x",
      "B receives a marker on C->B: finishes its snapshot: log 1, balances 120, 100, unblocks distributed transactions, closes C->B with []",
    ]);
  });

  it("should break the coordinated checkpoint when a node goes back to work before the others have recorded", () => {
    const report = checked("database-three-nodes-coordinator");
    expect(summary(report)).toEqual({ figures: [1_738, 4_166, 33_207_924n, 30_826_294n], violated: ["atomicity (13)", "conservation (13)"] });
    expect(report.counterexamples[0]!.steps.slice(9)).toEqual([
      "B receives a snapshot on A->B: B records after 1 commit, finishes its snapshot: log 1, balances 95, 105, unblocks distributed transactions",
      "B commits B#2 (log 2): debits 30 from B.y and sends the credit to C.y",
      "C commits the credit of B#2 (log 1): 30 to C.y",
      "C receives a snapshot on A->C: C records after 1 commit, finishes its snapshot: log 1, balances 100, 130, unblocks distributed transactions",
    ]);
  });

  it("should never deadlock and always finish the snapshot", () => {
    for (const design of ["redo", "blocking", "coordinator", "blocking-until-all-done", "coordinator-with-resume"]) {
      const verdicts = checked(`database-three-nodes-${design}`).properties.filter((p) => ["termination", "no-deadlock"].includes(p.name));
      expect(verdicts.map((p) => p.holds)).toEqual([true, true]);
    }
  });
});

describe("the distributed database: the repairs the counterexamples suggest", () => {
  it("should keep every property when gates stay closed until every node is done", () => {
    expect(summary(checked("database-two-nodes-blocking-until-all-done"))).toEqual({ figures: [378, 642, 2_214n, 1_342n], violated: [] });
    expect(summary(checked("database-three-nodes-blocking-until-all-done"))).toEqual({
      figures: [43_408, 142_484, 322_025_100_352n, 306_284_781_483n],
      violated: [],
    });
  });

  it("should keep every property when the coordinator lets nodes resume only once all have recorded", () => {
    expect(summary(checked("database-two-nodes-coordinator-with-resume"))).toEqual({ figures: [205, 353, 2_346n, 1_642n], violated: [] });
    expect(summary(checked("database-three-nodes-coordinator-with-resume"))).toEqual({
      figures: [2_248, 5_434, 458_880_624n, 444_590_844n],
      violated: [],
    });
  });
});
