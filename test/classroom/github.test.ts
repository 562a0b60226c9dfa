// The result GitHub Classroom's autograding reporter reads, made from a grade's report by the starter's
// workflow (github.system.test.ts writes a starter and runs its grading step as GitHub Actions would).
import { describe, expect, it } from "vitest";
import { noReportResult, runnerResult } from "../../src/classroom/classroom-points.js";

describe("the reporter's result", () => {
  it("should give a failed check 0 and its reason, a fault of the whole exercise its message", () => {
    const report = {
      exercises: [
        {
          number: 1,
          title: "Record and forward",
          checks: [
            { name: "ring", points: 0, max: 4, passed: false },
            { name: "two-node", points: 4, max: 4, passed: true },
          ],
        },
        {
          number: 3,
          title: "Completion",
          fault: { kind: "missing", message: "there is no 03-completion/completion.ts" },
          checks: [{ name: "two-node", points: 0, max: 4, passed: false }],
        },
      ],
      failures: [
        { exercise: 1, check: "ring", property: "marker-sending-rule", reason: "P1 started a snapshot without recording its state" },
        { exercise: 3, fault: { kind: "missing", message: "there is no 03-completion/completion.ts" }, reason: "there is no 03-completion/completion.ts" },
      ],
    };
    expect(runnerResult(report)).toEqual({
      version: 1,
      status: "fail",
      max_score: 12,
      tests: [
        {
          name: "1. Record and forward: ring",
          status: "fail",
          score: 0,
          message: "marker-sending-rule is violated: P1 started a snapshot without recording its state (run npx snaplab grade for the shortest counterexample)",
        },
        { name: "1. Record and forward: two-node", status: "pass", score: 4 },
        { name: "3. Completion: two-node", status: "fail", score: 0, message: "there is no 03-completion/completion.ts" },
      ],
    });
  });

  it("should still give the reporter a result, an error with the points at stake, when grading wrote no report", () => {
    expect(noReportResult("snaplab grade wrote no report", [1, 4])).toEqual({
      version: 1,
      status: "error",
      max_score: 27,
      tests: [{ name: "snaplab grade", status: "error", score: 0, message: "snaplab grade wrote no report" }],
    });
  });
});
