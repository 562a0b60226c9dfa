// `snaplab grade`, run in a learner's terminal, names a place in their files by the path they open it
// by from there: the folder as they gave it, then the file (the report's first line names that folder).
// Graded as an upload (gradeSubmission on its own, as Gradescope's autograder does), a file is named
// by its place in the folder, which is all the learner knows of it.
import { spawnSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { tempDir } from "../support/temp-dir.js";

let here: string;
beforeAll(() => {
  // A learner's repository: exercises 1 and 2's file does not build, exercise 3's is gone.
  here = tempDir("file-names");
  cpSync("exercises", join(here, "exercises"), { recursive: true });
  writeFileSync(join(here, "exercises", "01-record-and-forward", "rules.ts"), "export const rules = {\n  initiate(view) { return [ }\n};\n");
  rmSync(join(here, "exercises", "03-completion", "completion.ts"));
});

/** `snaplab grade exercises --only 1 3`, run in the learner's repository. */
function gradedFromTheirTerminal(): string {
  const ran = spawnSync(process.execPath, [resolve("bin/snaplab.js"), "grade", "exercises", "--only", "1", "3"], {
    cwd: here,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return ran.stdout;
}

describe("a learner's file, in the grader's messages", () => {
  it("should be named from where snaplab grade ran, as the report's first line names its folder", () => {
    const text = gradedFromTheirTerminal();
    expect(text.split("\n")[0]).toBe("exercises");
    expect(text).toContain('failed: does not build: exercises/01-record-and-forward/rules.ts:2:29: Unexpected "}"\n');
    expect(text).toContain("failed: there is no exercises/03-completion/completion.ts\n");
  });

  it("should be named by its place in the folder where the folder is the grader's own (an upload)", async () => {
    const report = await gradeSubmission(join(here, "exercises"), { only: [1, 3] });
    expect(report.exercises.map((e) => e.fault?.message)).toEqual([
      'does not build: 01-record-and-forward/rules.ts:2:29: Unexpected "}"',
      "there is no 03-completion/completion.ts",
    ]);
  });
});
