// The GitHub Classroom starter repository: the kit without solutions, a README for students, and a
// workflow whose grading step, run here as GitHub Actions would run it, gives the autograding
// reporter the points in the format it reads.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { noReportResult, type RunnerResult } from "../../src/classroom/classroom-points.js";

const repo = resolve(".");
const scratch = mkdtempSync(join(tmpdir(), "snaplab-github-"));
const starter = join(scratch, "starter");
// The CLI caches its bundle in node_modules under a name made from the checkout's path: this one's goes.
const cachedBundle = join(repo, "node_modules", ".cache", "snaplab", `cli-${createHash("sha256").update(starter).digest("hex").slice(0, 12)}.mjs`);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(cachedBundle, { force: true });
});

interface Step {
  id?: string;
  name: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

beforeAll(() => {
  const written = spawnSync(process.execPath, [join(repo, "bin/snaplab.js"), "classroom", "github", "--out", starter, "--only", "4"], { encoding: "utf8" });
  expect(written.status, written.stderr).toBe(0);
});

/** Runs the workflow's grading step in the starter, as the runner would (its installed packages are this checkout's). */
function gradingStep(): RunnerResult {
  const workflow = parse(readFileSync(join(starter, ".github/workflows/classroom.yml"), "utf8")) as { jobs: Record<string, { steps: Step[] }> };
  const step = Object.values(workflow.jobs)[0]!.steps.find((s) => s.id === "snaplab")!;
  const output = join(scratch, "github-output");
  writeFileSync(output, "");
  const run = spawnSync("bash", ["-e", "-c", step.run!], { cwd: starter, env: { ...process.env, GITHUB_OUTPUT: output }, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  const line = readFileSync(output, "utf8");
  expect(line).toMatch(/^result=[A-Za-z0-9+/=]+\n$/);
  return JSON.parse(Buffer.from(line.slice("result=".length), "base64").toString("utf8")) as RunnerResult;
}

describe("the starter repository", () => {
  it("should hold the exercises, a README and the workflow, and no solutions or tests", () => {
    expect(readdirSync(starter).sort()).toEqual([
      ".github",
      ".gitignore",
      "README.md",
      "bin",
      "exercises",
      "package-lock.json",
      "package.json",
      "spec",
      "src",
      "tsconfig.json",
    ]);
    expect(readFileSync(join(starter, "exercises/04-break-fifo/scenario.json"), "utf8")).toBe(
      readFileSync(join(repo, "exercises/04-break-fifo/scenario.json"), "utf8"),
    );
    expect(readFileSync(join(starter, "README.md"), "utf8")).toContain("| 4 | Break FIFO | `exercises/04-break-fifo/scenario.json` | 12 |");
  });

  it("should have a workflow that installs snaplab, grades with --format json and hands the result to the reporter", () => {
    const workflow = parse(readFileSync(join(starter, ".github/workflows/classroom.yml"), "utf8")) as {
      on: string[];
      permissions: Record<string, string>;
      jobs: Record<string, { steps: Step[] }>;
    };
    expect(workflow.on).toContain("push");
    expect(workflow.permissions.checks).toBe("write");
    const steps = Object.values(workflow.jobs)[0]!.steps;
    expect(steps.map((s) => s.uses ?? s.run!.split("\n")[0])).toEqual([
      "actions/checkout@v4",
      "actions/setup-node@v4",
      "npm ci --omit=dev --no-audit --no-fund",
      "node bin/snaplab.js grade exercises --only 4 --format json --out snaplab-grade.json || true",
      "classroom-resources/autograding-grading-reporter@v1",
    ]);
    const reporter = steps.at(-1)!;
    expect(reporter.with).toEqual({ runners: "snaplab" });
    // GitHub Actions fills in the grading step's output: the reporter reads it from SNAPLAB_RESULTS.
    expect(reporter.env!.SNAPLAB_RESULTS).toBe(`$\{{ steps.snaplab.outputs.result }}`);
  });

  it("should report 0 of 12 for the untouched exercise and 12 of 12 once it is solved", () => {
    symlinkSync(join(repo, "node_modules"), join(starter, "node_modules"));
    const untouched = gradingStep();
    expect(untouched).toMatchObject({ version: 1, status: "fail", max_score: 12 });
    expect(untouched.tests).toEqual([
      {
        name: "4. Break FIFO: needs FIFO",
        status: "fail",
        score: 0,
        message: expect.stringMatching(
          /^without FIFO, conservation still holds: every snapshot adds up\. .* \(run npx snaplab grade for the shortest counterexample\)$/,
        ),
      },
    ]);
    copyFileSync(join(repo, "solutions/04-break-fifo/scenario.json"), join(starter, "exercises/04-break-fifo/scenario.json"));
    expect(gradingStep()).toEqual({ version: 1, status: "pass", max_score: 12, tests: [{ name: "4. Break FIFO: needs FIFO", status: "pass", score: 12 }] });
    expect(existsSync(cachedBundle)).toBe(true);
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
