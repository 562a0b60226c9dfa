// A mistake in exercise 4's scenario file names the file as every other message of the grade does:
// inside the submission folder, or after the folder given on the command line; never by the
// grader's own path to it (an autograder's /autograder/submission/..., a resolved temp folder).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const broken = '{ "processes": { "P0": 100, "P1": 100 }, "channels": [["P0", "P1"]], "initiators": ["P9"] }';

function submission(): string {
  const folder = tempDir("scenario-named");
  mkdirSync(join(folder, "04-break-fifo"));
  writeFileSync(join(folder, "04-break-fifo", "scenario.json"), broken);
  return folder;
}

it("names a broken scenario file inside the submission folder, as the library and the autograder report it", async () => {
  const report = await gradeSubmission(submission(), { only: [4] });
  expect(report.exercises[0]!.fault).toEqual({
    kind: "scenario",
    message: '04-break-fifo/scenario.json: initiators[0]: "P9" is not a process (processes are P0, P1)',
  });
});

it("names it after the folder given, as snaplab grade names every file", async () => {
  // Given as a relative path: the grader's own is the absolute one, symlinks resolved.
  const folder = relative(process.cwd(), submission());
  const graded = await runCli("grade", folder, "--only", "4");
  expect(graded.stdout).toContain(`failed: ${join(folder, "04-break-fifo/scenario.json")}: initiators[0]: "P9" is not a process (processes are P0, P1)\n`);
});
