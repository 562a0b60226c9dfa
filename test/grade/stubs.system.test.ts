// Every stub in exercises/ scores zero for its own exercise, run as a learner's file: no exercise
// passes before the learner writes anything (rustlings' maintainer check). An untouched stub is
// not run at all, only said to be not started (not-started.test.ts), so each is graded here with
// a line added, as a learner who has begun has it: once, in full, and every test reads that one
// grading.
import { appendFileSync, cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import type { SubmissionReport } from "../../src/grade/result.js";
import { tempDir } from "../support/temp-dir.js";

describe("the stubs in exercises/, begun", () => {
  let begun: string;
  let report: SubmissionReport;
  beforeAll(async () => {
    begun = join(tempDir("begun"), "exercises");
    cpSync("exercises", begun, { recursive: true });
    for (const file of new Set(exercises.map((e) => e.file))) appendFileSync(join(begun, file), "\n");
    report = await gradeSubmission(begun);
  });

  it("should score zero in every check, each failing on its own exercise's part", () => {
    expect([report.points, report.maxPoints]).toEqual([0, 100]);
    const firstFailures = report.exercises.map((e) => [e.number, e.fault?.kind ?? e.checks[0]!.counterexample?.property ?? e.checks[0]!.failure?.slice(0, 36)]);
    expect(firstFailures).toEqual([
      [1, "marker-sending-rule"],
      [2, "termination"],
      [3, "knows-when-done"],
      [4, "without FIFO, conservation still hol"],
      [5, "marker-sending-rule"],
      [6, "marker-sending-rule (snapshot 0)"],
    ]);
    for (const e of report.exercises) expect(e.checks.every((c) => !c.passed)).toBe(true);
  });

  it("should fail the generated scenarios too, with no points", () => {
    const generatedResults = report.exercises.flatMap((e) =>
      e.checks.filter((c) => c.name.startsWith("generated scenarios")).map((c) => [e.number, c.passed, c.points]),
    );
    expect(generatedResults).toEqual([
      [1, false, 0],
      [2, false, 0],
      [3, false, 0],
      [5, false, 0],
      [6, false, 0],
    ]);
  });

  it("should get the same score and the same counterexamples every run", async () => {
    const withoutTimes = (r: SubmissionReport) => JSON.stringify(r.exercises.filter((e) => [2, 6].includes(e.number)).map(({ elapsedMs: _, ...e }) => e));
    const again = await gradeSubmission(begun, { only: [2, 6] });
    expect(again.exercises.map((e) => e.number)).toEqual([2, 6]);
    expect(withoutTimes(again)).toBe(withoutTimes(report));
  });

  it("should mark every gap with TODO", () => {
    for (const exercise of exercises) expect(readFileSync(`exercises/${exercise.file}`, "utf8")).toContain("TODO");
  });
});
