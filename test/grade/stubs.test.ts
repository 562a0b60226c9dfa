// Every untouched stub in exercises/ scores zero for its own exercise: no exercise
// passes before the learner writes anything (rustlings' maintainer check).
import { describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import { readFileSync } from "node:fs";

describe("the stubs in exercises/", () => {
  it("should score zero in every check, each failing on its own exercise's part", async () => {
    const report = await gradeSubmission("exercises");
    expect(report.points).toBe(0);
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

  it("should get the same score and the same counterexamples every run", async () => {
    const once = async () => JSON.stringify((await gradeSubmission("exercises", { only: [2, 6] })).exercises.map(({ elapsedMs: _, ...e }) => e));
    expect(await once()).toBe(await once());
  });

  it("should mark every gap with TODO", () => {
    for (const exercise of exercises) expect(readFileSync(`exercises/${exercise.file}`, "utf8")).toContain("TODO");
  });
});
