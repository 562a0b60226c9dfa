// The result GitHub Classroom's autograding reporter reads, made from a grade's JSON report by the
// starter's workflow (github.system.test.ts writes a starter and runs its grading step as GitHub
// Actions would). The reporter prints each failed test's message in the workflow's log: there, what
// the text report says of the check.
import { describe, expect, it } from "vitest";
import { noReportResult, runnerResult } from "../../src/classroom/classroom-points.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import type { SubmissionReport } from "../../src/grade/result.js";

const generated = { processes: { P0: 100, P1: 100, P2: 100 }, initiators: ["P1"] };
const input = { process: "P1", hasRecorded: true };

/** A grade as grading has it: a check failed with its counterexample, one on a drawn input, and a fault of a whole exercise. */
const graded: SubmissionReport = {
  folder: "exercises",
  points: 4,
  maxPoints: 23,
  elapsedMs: 1000,
  exercises: [
    {
      number: 1,
      slug: "01-record-and-forward",
      title: "Record and forward",
      file: "01-record-and-forward/rules.ts",
      points: 4,
      maxPoints: 7,
      passed: false,
      elapsedMs: 500,
      checks: [
        {
          name: "generated scenarios (35)",
          points: 0,
          maxPoints: 3,
          passed: false,
          states: 40,
          scenario: generated,
          counterexample: {
            property: "marker-sending-rule",
            reason: "P1 started a snapshot without recording its state",
            length: 1,
            steps: ["P1 starts a snapshot: nothing recorded"],
            recorded: "P0 (not recorded), P1 (not recorded)",
            diagram: ["   P0   P1", "1  ║    ◆"],
          },
        },
        { name: "two-node", points: 4, maxPoints: 4, passed: true, states: 65 },
      ],
    },
    {
      number: 3,
      slug: "03-completion",
      title: "Completion",
      file: "03-completion/completion.ts",
      points: 0,
      maxPoints: 1,
      passed: false,
      elapsedMs: 100,
      checks: [
        {
          name: "direct calls",
          points: 0,
          maxPoints: 1,
          passed: false,
          states: 0,
          property: "knows-when-done",
          failure: "knows-when-done is violated: P1 says its part is done, but P0->P1 is still open",
          input: { what: "this drawn view", value: input },
        },
      ],
    },
    {
      number: 4,
      slug: "04-break-fifo",
      title: "Break FIFO",
      file: "04-break-fifo/scenario.json",
      points: 0,
      maxPoints: 15,
      passed: false,
      elapsedMs: 1,
      fault: { kind: "missing", message: "there is no 04-break-fifo/scenario.json" },
      checks: [
        { name: "needs FIFO", points: 0, maxPoints: 12, passed: false, states: 0, failure: "there is no 04-break-fifo/scenario.json" },
        { name: "again", points: 0, maxPoints: 3, passed: false, states: 0, failure: "there is no 04-break-fifo/scenario.json" },
      ],
    },
  ],
};

describe("the reporter's result", () => {
  it("should give each check its points, and a failed one the text report's words for it, its counterexample included", () => {
    const result = runnerResult(jsonReport([graded]) as Parameters<typeof runnerResult>[0]);
    const counterexample = [
      "marker-sending-rule is violated: P1 started a snapshot without recording its state",
      `on this generated scenario (the smallest that fails): ${JSON.stringify(generated)}`,
      "shortest counterexample, 1 step:",
      " 1. P1 starts a snapshot: nothing recorded",
      "recorded: P0 (not recorded), P1 (not recorded)",
    ];
    expect(result).toEqual({
      version: 1,
      status: "fail",
      max_score: 23,
      tests: [
        { name: "1. Record and forward: generated scenarios (35)", status: "fail", score: 0, message: counterexample.join("\n") },
        { name: "1. Record and forward: two-node", status: "pass", score: 4 },
        {
          name: "3. Completion: direct calls",
          status: "fail",
          score: 0,
          // The JSON report keeps the input, not the words for what it is ("this drawn view").
          message: `knows-when-done is violated: P1 says its part is done, but P0->P1 is still open\non this input (the smallest that fails): ${JSON.stringify(input)}`,
        },
        // A fault of the whole exercise is told once, under the check that met it, as every report tells it.
        { name: "4. Break FIFO: needs FIFO", status: "fail", score: 0, message: "there is no 04-break-fifo/scenario.json" },
        { name: "4. Break FIFO: again", status: "fail", score: 0, message: 'not run: the exercise failed as a whole (see "needs FIFO")' },
      ],
    });
    // The same lines as the text report's, in its order (which indents them, and adds the picture).
    const text = textReport([graded]);
    const lines = counterexample.map((line) => text.indexOf(line.trim()));
    expect(lines.every((at, i) => at > (lines[i - 1] ?? -1))).toBe(true);
  });

  it("should tell a rule that threw under the check that met it, with the run to the throw, as the text report does", () => {
    const threw = "rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) threw oops (05-lai-yang/rules.ts:9:11)";
    const run = {
      property: "no-throw",
      reason: threw,
      length: 2,
      steps: ["P0 starts a snapshot: P0 records (pc 0, balance 100)", "deliver P0#1 (10) on P0->P1: P1 balance 110 [the rule threw]"],
      recorded: "P0 (pc 0, balance 100), P1 (not recorded)",
      diagram: ["     P0   P1", "  1   ◆    ║"],
    };
    const throwing: SubmissionReport = {
      folder: "exercises",
      points: 0,
      maxPoints: 12,
      elapsedMs: 1,
      exercises: [
        {
          number: 5,
          slug: "05-lai-yang",
          title: "Snapshots without FIFO (Lai-Yang)",
          file: "05-lai-yang/rules.ts",
          points: 0,
          maxPoints: 12,
          passed: false,
          elapsedMs: 1,
          fault: { kind: "throws", message: threw, check: 1, run },
          checks: [
            { name: "two-node, no FIFO", points: 0, maxPoints: 6, passed: false, states: 0 },
            { name: "ring, no FIFO", points: 0, maxPoints: 6, passed: false, states: 9 },
          ],
        },
      ],
    };
    const told = [threw, "shortest run to it, 2 steps:", ` 1. ${run.steps[0]}`, ` 2. ${run.steps[1]}`, `recorded: ${run.recorded}`];
    expect(runnerResult(jsonReport([throwing]) as Parameters<typeof runnerResult>[0]).tests).toEqual([
      {
        name: "5. Snapshots without FIFO (Lai-Yang): two-node, no FIFO",
        status: "fail",
        score: 0,
        message: 'not run: the exercise failed as a whole (see "ring, no FIFO")',
      },
      { name: "5. Snapshots without FIFO (Lai-Yang): ring, no FIFO", status: "fail", score: 0, message: told.join("\n") },
    ]);
    // The text report's lines, but for the picture, which the JSON report does not keep.
    expect(textReport([throwing])).toContain(`failed: ${told.join("\n       ")}\n`);
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
