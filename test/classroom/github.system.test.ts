// The GitHub Classroom starter repository's workflow: its grading step, run here as GitHub Actions
// would run it, gives the autograding reporter the points in the format it reads; a student's
// types are checked as the exercises' READMEs say.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliBundleOf, removeCliBundle, runCli } from "../support/cli.js";
import type { RunnerResult } from "../../src/classroom/classroom-points.js";
import { githubStarter, type Step } from "./starter.js";

const repo = resolve(".");
const { scratch, starter } = githubStarter();
// The CLI caches its bundle, its source map, its code cache and the sandboxes' broker in node_modules under a name made from the
// checkout's path: these go.
const cachedBundle = join(repo, cliBundleOf(starter));
afterAll(() => removeCliBundle(starter));

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
  it("should give the reporter 12 of 12 for the exercise solved, in the result it reads", () => {
    symlinkSync(join(repo, "node_modules"), join(starter, "node_modules"));
    copyFileSync(join(repo, "solutions/04-break-fifo/scenario.json"), join(starter, "exercises/04-break-fifo/scenario.json"));
    expect(gradingStep()).toEqual({ version: 1, status: "pass", max_score: 12, tests: [{ name: "4. Break FIFO: needs FIFO", status: "pass", score: 12 }] });
    expect(existsSync(cachedBundle)).toBe(true);
  });

  it("should check a student's types with npm run typecheck, as the exercises' READMEs say", () => {
    // In the starter as a student has it: node_modules installed (linked by the test before).
    const file = join(starter, "exercises/03-completion/completion.ts");
    const stub = readFileSync(file, "utf8");
    try {
      writeFileSync(file, stub.replace("return false;", "return view.recorded?.balence === 0;"));
      const typecheck = spawnSync("npm", ["run", "--silent", "typecheck"], { cwd: starter, encoding: "utf8" });
      expect(typecheck.status).not.toBe(0);
      expect(typecheck.stdout).toMatch(
        /^exercises\/03-completion\/completion\.ts\(\d+,\d+\): error TS2551: Property 'balence' does not exist on type 'LocalSnapshot'/m,
      );
    } finally {
      writeFileSync(file, stub);
    }
  });

  it("should print the points line from a report, and an error result when there is no report", async () => {
    const report = join(starter, "snaplab-grade.json");
    const points = await runCli("classroom", "points", report, "--only", "4");
    expect(points.stdout).toBe(readFileSync(join(scratch, "github-output"), "utf8"));
    const missing = await runCli("classroom", "points", join(scratch, "none.json"), "--only", "4");
    expect(missing.status).toBe(0);
    const result = JSON.parse(Buffer.from(missing.stdout.slice("result=".length), "base64").toString("utf8")) as RunnerResult;
    expect([result.status, result.max_score, result.tests[0]!.score]).toEqual(["error", 12, 0]);
    const notReport = await runCli("classroom", "points", join(repo, "package.json"));
    expect([notReport.status, notReport.stderr]).toEqual([
      2,
      `snaplab: ${join(repo, "package.json")}: not a report of snaplab grade --format json for one folder\n`,
    ]);
  });
});
