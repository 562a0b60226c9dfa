// A class graded with --jobs 2, each folder in a grader process of its own: the same reports as one
// at a time, one student's attack changes no one else's result, and the scores come out as CSV.
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { childrenOf } from "../live/processes.js";
import { processesLeftUnder, sandboxScratch } from "../grade/sandbox/support.js";
import { runCli } from "../support/cli.js";
import { gradeInParallel } from "../../src/classroom/parallel-grading.js";

const repo = resolve(".");
let scratch: string;
let sandboxes: string;
const rules = "01-record-and-forward/rules.ts";
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("jobs"));
  // Every sandbox of this file's gradings, in this process or a grader's, goes there, so that leftovers can be counted.
  process.env.TMPDIR = sandboxes;
});

function student(name: string, from: string, files: Record<string, string> = {}): string {
  const dir = join(scratch, name);
  cpSync(join(repo, from), dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** Grades the class (the command in this process, its graders wherever --jobs puts them) and returns its JSON report without the times. */
async function grade(dirs: readonly string[], ...options: string[]): Promise<unknown> {
  const out = join(scratch, "report.json");
  const run = await runCli("grade", ...dirs, "--only", "1,4", "--format", "json", "--out", out, ...options);
  expect(run.status, run.stderr).toBe(1);
  return JSON.parse(readFileSync(out, "utf8"), (key, value) => (key === "elapsedMs" ? undefined : value));
}

describe("grade --jobs 2", () => {
  it("should give the reports of one job at a time, keep an attacker's grading to itself, and write the CSV", async () => {
    const classmate = join(scratch, "alice", rules);
    const class_ = [
      student("alice", "solutions"),
      student("mallory", "solutions", {
        // Signal every process it can (a classmate's sandbox too, were they not walled apart), then overwrite the classmate's rules.
        [rules]: `${readFileSync(join(repo, "solutions", rules), "utf8")}
try { process.kill(-1, "SIGKILL"); } catch {}
process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(classmate)}, "export const rules = {};");
`,
      }),
    ];
    const csv = join(scratch, "scores.csv");
    const parallel = (await grade(class_, "--jobs", "2", "--csv", csv)) as { submissions: { points: number; exercises: { fault?: object }[] }[] };
    expect(parallel.submissions.map((s) => s.points)).toEqual([27, 12]);
    expect(parallel.submissions[1]!.exercises[0]!.fault).toEqual({
      kind: "load",
      message: expect.stringMatching(/^Error \[ERR_ACCESS_DENIED\]: Access to this API has been restricted/),
    });
    expect(readFileSync(csv, "utf8")).toBe("submission,exercise 1,exercise 4,points,max points\r\nalice,15,12,27,27\r\nmallory,0,12,12,27\r\n");
    expect(await grade(class_)).toEqual(parallel);

    expect(readFileSync(classmate, "utf8")).toBe(readFileSync(join(repo, "solutions", rules), "utf8"));
    expect(readdirSync(sandboxes)).toEqual([]);
    expect(await processesLeftUnder(scratch)).toEqual([]);
  });

  it("should give a submission whose grader process fails 0 with why, and the others their own reports", async () => {
    const gone = join(scratch, "gone");
    // What the failed grader said is passed on to stderr, once: here it is only noise.
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const [failed, graded] = await gradeInParallel([gone, join(repo, "solutions")], { only: [4] }, 2);
    stderr.mockRestore();
    expect(failed!.points).toBe(0);
    expect(failed!.exercises[0]!.fault).toEqual({
      kind: "grader",
      message: `the grader's process for this submission exited with status 2 (snaplab: ${gone}: no such folder (name a folder laid out like exercises/))`,
    });
    expect([graded!.points, graded!.maxPoints]).toEqual([12, 12]);
  });

  it("should stop a grader process that does not finish by its limit, give that submission 0 saying so, and the others their reports", async () => {
    // A grader stuck where its own limits do not reach, as one stopped (SIGSTOP) is; its submission's top-level code
    // loops meanwhile, so that the grader is still at work when it is found.
    const stuck = student("stuck", "solutions", { [rules]: "for (;;);\n" });
    const stopping = setInterval(() => {
      for (const pid of childrenOf(process.pid, stuck)) process.kill(pid, "SIGSTOP");
    }, 20);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      // The limit leaves a busy machine time to grade the other submission's exercise within it.
      const [stopped, graded] = await gradeInParallel([stuck, join(repo, "solutions")], { only: [1], timeLimitMs: 60_000, gradeTimeLimitMs: 12_000 }, 2);
      expect(stopped!.exercises[0]!.fault).toEqual({
        kind: "grader",
        message: "the grader's process for this submission took more than 22s, the grade's time limit and 10s more, and was stopped",
      });
      expect([graded!.points, graded!.maxPoints]).toEqual([15, 15]);
    } finally {
      clearInterval(stopping);
      stderr.mockRestore();
    }
    expect(await processesLeftUnder(scratch)).toEqual([]);
  });

  it("should refuse a CSV whose rows two folders would name alike, before grading", async () => {
    const run = await runCli("grade", "solutions", "a/solutions", "--csv", join(scratch, "x.csv"));
    expect([run.status, run.stderr]).toEqual([
      2,
      "snaplab: --csv: solutions and a/solutions are both named solutions, and a row of the CSV is named by its folder's name (see snaplab grade --help)\n",
    ]);
  });
});
