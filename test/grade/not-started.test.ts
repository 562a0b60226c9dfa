// An exercise whose file is still the stub as handed out is not started: 0 for the whole exercise
// in one line, with nothing run (no sandbox, no state explored), in every report format. The
// untouched exercises/ is graded here in this process, which only a grade that runs nothing can be.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import { gradescopeReport } from "../../src/grade/report/gradescope-report.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { junitReport } from "../../src/grade/report/junit-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import type { SubmissionReport } from "../../src/grade/result.js";
import { resultsMistakes } from "../classroom/gradescope-results.js";
import { allElements, parseXml } from "../support/xml.js";
import { tempDir } from "../support/temp-dir.js";

const notStarted = (file: string) => `not started: fill in the TODOs in exercises/${file} (its README says how)`;

describe("the untouched stubs", () => {
  let report: SubmissionReport;
  beforeAll(async () => {
    report = await gradeSubmission("exercises", { filesNamedByPath: true });
  });

  it("should each be not started: 0 for the exercise, saying which file to fill in, and no check run", () => {
    expect([report.points, report.maxPoints]).toEqual([0, 100]);
    expect(report.exercises.map((e) => [e.number, e.points, e.fault])).toEqual(
      exercises.map((e) => [e.number, 0, { kind: "not-started", message: notStarted(e.file) }]),
    );
    expect(report.exercises.flatMap((e) => e.checks.map((c) => [c.passed, c.points, c.states]))).toEqual(
      exercises.flatMap((e) => e.checks.map(() => [false, 0, 0])),
    );
    // Nothing drew a generated scenario, so the report names no seed.
    expect(report.seed).toBeUndefined();
  });

  it("should be one line each in the text report", () => {
    expect(textReport([report])).toBe(
      [
        "exercises",
        `  1. Record and forward                  0/15  ${notStarted("01-record-and-forward/rules.ts")}`,
        `  2. Channel recording                   0/15  ${notStarted("01-record-and-forward/rules.ts")}`,
        `  3. Completion                          0/10  ${notStarted("03-completion/completion.ts")}`,
        `  4. Break FIFO                          0/12  ${notStarted("04-break-fifo/scenario.json")}`,
        `  5. Snapshots without FIFO (Lai-Yang)   0/24  ${notStarted("05-lai-yang/rules.ts")}`,
        `  6. Repeated and concurrent snapshots   0/24  ${notStarted("06-concurrent-snapshots/rules.ts")}`,
        `Points: 0/100 (graded in ${(report.elapsedMs / 1000).toFixed(1)} s)`,
        "",
      ].join("\n"),
    );
  });

  it("should be a failed exercise with that reason in the JSON, Gradescope and JUnit reports, each valid", () => {
    const json = jsonReport([report]) as { failures: unknown[] };
    expect(json.failures).toEqual(
      exercises.map((e) => ({ exercise: e.number, fault: { kind: "not-started", message: notStarted(e.file) }, reason: notStarted(e.file) })),
    );

    const gradescope = gradescopeReport(report) as { score: number; tests: { name: string; score: number; status: string; output: string }[] };
    expect(resultsMistakes(gradescope as unknown as Record<string, unknown>)).toEqual([]);
    expect(gradescope.score).toBe(0);
    expect(gradescope.tests.every((t) => t.status === "failed" && t.score === 0)).toBe(true);
    expect(gradescope.tests[0]).toMatchObject({ name: "1. Record and forward: two-node", output: notStarted("01-record-and-forward/rules.ts") });
    expect(gradescope.tests[1]!.output).toBe('not run: the exercise failed as a whole (see "two-node")');

    const junit = allElements(parseXml(junitReport([report])));
    const failures = junit.filter((element) => element.name === "failure");
    expect(failures).toHaveLength(exercises.reduce((sum, e) => sum + e.checks.length, 0));
    expect(failures[0]!.attributes).toEqual({ message: notStarted("01-record-and-forward/rules.ts"), type: "not-started" });
  });
});

describe("a stub once changed", () => {
  it("should be graded as any file, by a byte: a stub checked out with CRLF line endings is still the stub", async () => {
    const folder = join(tempDir("begun"), "exercises");
    cpSync("exercises/04-break-fifo", join(folder, "04-break-fifo"), { recursive: true });
    const scenario = join(folder, "04-break-fifo/scenario.json");
    const stub = readFileSync(scenario, "utf8");
    writeFileSync(scenario, stub.replaceAll("\n", "\r\n"));
    expect((await gradeSubmission(folder, { only: [4] })).exercises[0]!.fault?.kind).toBe("not-started");
    writeFileSync(scenario, `${stub}\n`);
    const graded = (await gradeSubmission(folder, { only: [4] })).exercises[0]!;
    expect([graded.fault, graded.checks[0]!.failure]).toEqual([undefined, expect.stringMatching(/^without FIFO, conservation still holds/)]);
  });
});
