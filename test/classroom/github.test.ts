// The GitHub Classroom starter repository: the kit without solutions, a README for students, and a
// workflow that grades with --format json and hands the points to the autograding reporter, in
// the format it reads (github.system.test.ts runs its grading step as GitHub Actions would).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "../support/cli.js";
import { noReportResult, runnerResult } from "../../src/classroom/classroom-points.js";
import { githubStarter, type Step } from "./starter.js";

const repo = resolve(".");
const { starter } = githubStarter();

describe("the starter repository", () => {
  it("should hold the exercises, a README and the workflow, and no solutions or tests", () => {
    expect(readdirSync(starter).sort()).toEqual([
      ".github",
      ".gitignore",
      "README.md",
      "api",
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
    const manifest = JSON.parse(readFileSync(join(starter, "package.json"), "utf8"));
    expect(manifest.scripts).toEqual({ grade: "node --v8-pool-size=1 bin/snaplab.js grade", typecheck: "tsc --noEmit" });
    expect(manifest.dependencies).toEqual(JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).dependencies);
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
      "node --v8-pool-size=1 bin/snaplab.js grade exercises --only 4 --format json --out snaplab-grade.json || true",
      "classroom-resources/autograding-grading-reporter@v1",
    ]);
    const reporter = steps.at(-1)!;
    expect(reporter.with).toEqual({ runners: "snaplab" });
    // GitHub Actions fills in the grading step's output: the reporter reads it from SNAPLAB_RESULTS.
    expect(reporter.env!.SNAPLAB_RESULTS).toBe(`$\{{ steps.snaplab.outputs.result }}`);
  });

  it("should refuse to write into a folder that is not empty", async () => {
    const refused = await runCli("classroom", "github", "--out", starter);
    expect([refused.status, refused.stderr]).toEqual([2, `snaplab: ${starter}: is not empty (--out names a new or empty folder)\n`]);
  });

  it("should give a failed check 0 and its reason, a fault of the whole exercise its message", () => {
    const report = {
      exercises: [
        {
          number: 1,
          title: "Record and forward",
          checks: [
            { name: "ring", points: 0, max: 4, passed: false },
            { name: "two-node", points: 4, max: 4, passed: true },
          ],
        },
        {
          number: 3,
          title: "Completion",
          fault: { message: "there is no 03-completion/completion.ts" },
          checks: [{ name: "two-node", points: 0, max: 4, passed: false }],
        },
      ],
      failures: [
        { exercise: 1, check: "ring", property: "marker-sending-rule", reason: "P1 started a snapshot without recording its state" },
        { exercise: 3, fault: "missing", reason: "there is no 03-completion/completion.ts" },
      ],
    };
    expect(runnerResult(report)).toEqual({
      version: 1,
      status: "fail",
      max_score: 12,
      tests: [
        {
          name: "1. Record and forward: ring",
          status: "fail",
          score: 0,
          message: "marker-sending-rule is violated: P1 started a snapshot without recording its state (run npx snaplab grade for the shortest counterexample)",
        },
        { name: "1. Record and forward: two-node", status: "pass", score: 4 },
        { name: "3. Completion: two-node", status: "fail", score: 0, message: "there is no 03-completion/completion.ts" },
      ],
    });
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
