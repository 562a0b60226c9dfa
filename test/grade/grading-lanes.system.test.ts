// Two grading lanes (the CLI's main thread and a worker thread) give the same report as one.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** `snaplab grade` on the stubs of exercises 1 to 5 (counterexamples, 1 and 2 in one sandbox, a scenario exercise between), with `lanes` lanes. */
function graded(lanes: "1" | "2") {
  const run = spawnSync(process.execPath, ["bin/snaplab.js", "grade", "exercises", "--only", "1,2,3,4,5"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", SNAPLAB_GRADING_LANES: lanes },
  });
  return { status: run.status, report: run.stdout.replace(/graded in [0-9.]+ s/, "graded in _ s"), stderr: run.stderr };
}

describe("grading on two lanes", () => {
  it("should give the report one lane gives, byte for byte, in the exercises' order", () => {
    const [one, two] = [graded("1"), graded("2")];
    expect(two).toEqual(one);
    expect(one.report.match(/^ {2}\d\./gm)).toEqual(["  1.", "  2.", "  3.", "  4.", "  5."]);
    expect(one.report).toContain("shortest counterexample");
  });
});
