// A class graded from the students' repositories as an instructor clones them from GitHub Classroom:
// each repository's exercises/ is graded, and its CSV row is named by the repository; list and hint
// take a repository as grade does. The stubs, not started, are graded in this process, which only a
// grade that runs nothing can be.
import { cpSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

/** A clone of a student's repository: the stubs in exercises/, and snaplab's other folders beside it. */
function repository(classFolder: string, name: string): string {
  const dir = join(classFolder, name);
  cpSync("exercises", join(dir, "exercises"), { recursive: true });
  mkdirSync(join(dir, "spec"));
  return dir;
}

describe("a class of students' repositories", () => {
  it("should grade each repository's exercises/ and name its CSV row by the repository, given the repositories or their exercises/", async () => {
    const clones = tempDir("repositories");
    const class_ = [repository(clones, "snaplab-alice"), repository(clones, "snaplab-bob")];
    const csv = join(clones, "scores.csv");
    const report = join(clones, "report.json");
    const scores = "submission,exercise 1,exercise 4,points,max points\r\nsnaplab-alice,0,0,0,27\r\nsnaplab-bob,0,0,0,27\r\n";

    const run = await runCli("grade", ...class_, "--only", "1,4", "--format", "json", "--out", report, "--csv", csv);
    expect(run.status, run.stderr).toBe(1);
    const { submissions } = JSON.parse(readFileSync(report, "utf8")) as { submissions: { folder: string; exercises: { fault: object }[] }[] };
    expect(submissions.map((s) => s.folder)).toEqual(class_.map((dir) => join(dir, "exercises")));
    expect(submissions[0]!.exercises.map((e) => e.fault)).toEqual([
      { kind: "not-started", message: `not started: fill in the TODOs in ${class_[0]}/exercises/01-record-and-forward/rules.ts (its README says how)` },
      { kind: "not-started", message: `not started: fill in the TODOs in ${class_[0]}/exercises/04-break-fifo/scenario.json (its README says how)` },
    ]);
    expect(readFileSync(csv, "utf8")).toBe(scores);

    const again = await runCli("grade", ...class_.map((dir) => join(dir, "exercises")), "--only", "1,4", "--csv", csv);
    expect(again.status, again.stderr).toBe(1);
    expect(readFileSync(csv, "utf8")).toBe(scores);
  });

  it("should not grade through a link named exercises/, which could lead to any folder of the grading machine", async () => {
    const clone = join(tempDir("repositories"), "snaplab-mallory");
    mkdirSync(clone);
    symlinkSync(resolve("solutions"), join(clone, "exercises"));
    const report = join(clone, "..", "report.json");
    const run = await runCli("grade", clone, "--only", "4", "--format", "json", "--out", report);
    expect(run.status, run.stderr).toBe(1);
    const { folder, exercises } = JSON.parse(readFileSync(report, "utf8")) as { folder: string; exercises: { fault: object }[] };
    expect([folder, exercises[0]!.fault]).toEqual([clone, { kind: "missing", message: `there is no ${clone}/04-break-fifo/scenario.json` }]);
  });

  it("should list a repository's exercises and print its hints, as grade grades them", async () => {
    const clone = repository(tempDir("repositories"), "snaplab-carol");
    const listed = await runCli("list", clone, "--only", "1,4");
    expect([listed.status, listed.stdout.split("\n").slice(1, 3)]).toEqual([
      0,
      ["1  Record and forward  01-record-and-forward/rules.ts  0/15    to do", "4  Break FIFO          04-break-fifo/scenario.json     0/12    to do"],
    ]);
    const hint = await runCli("hint", "4", clone);
    expect([hint.status, hint.stdout]).toEqual([0, readFileSync(join(clone, "exercises", "04-break-fifo", "HINT.md"), "utf8")]);
  });
});
