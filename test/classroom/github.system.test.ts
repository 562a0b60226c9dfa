// The GitHub Classroom starter repository: snaplab built (no sources, no solutions), the exercises, a
// README for students, and a workflow whose grading step, run here as GitHub Actions would run it,
// gives the autograding reporter the points in the format it reads.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import type { RunnerResult } from "../../src/classroom/classroom-points.js";

const repo = resolve(".");
let scratch: string;
let starter: string;

interface Step {
  id?: string;
  name: string;
  if?: string;
  shell?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

beforeAll(async () => {
  scratch = tempDir("github");
  starter = join(scratch, "starter");
  const written = await runCli("classroom", "github", "--out", starter, "--only", "4");
  expect(written.status, written.stderr).toBe(0);
});

/** Every file under `dir` of `root`, by its path relative to `root`, with /, sorted. */
function filesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

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
      "api",
      "bin",
      "dist",
      "exercises",
      "package-lock.json",
      "package.json",
      "spec",
      "tsconfig.json",
    ]);
    // The exercise chosen, and none other.
    expect(filesUnder(starter, "exercises")).toEqual(filesUnder(repo, "exercises/04-break-fifo"));
    const manifest = JSON.parse(readFileSync(join(starter, "package.json"), "utf8"));
    // snaplab comes built (dist/): nothing to prepare at install; `npm test` checks snaplab's files as the workflow does, and
    // grades exercises/ on the exercise chosen.
    expect(manifest.scripts).toEqual({
      test: "node .github/check-snaplab-files.mjs && node bin/snaplab.js grade exercises",
      grade: "node .github/check-snaplab-files.mjs && node bin/snaplab.js grade",
      typecheck: "tsc --noEmit",
    });
    const kit = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
    // esbuild, which the built command loads to bundle a learner's files; the compiler and Node's types for typecheck.
    expect(manifest.dependencies).toEqual({ esbuild: kit.dependencies.esbuild });
    expect(manifest.devDependencies).toEqual({ "@types/node": kit.devDependencies["@types/node"], typescript: kit.devDependencies.typescript });
    const lock = JSON.parse(readFileSync(join(starter, "package-lock.json"), "utf8"));
    expect(lock.packages[""]).toMatchObject({ dependencies: manifest.dependencies, devDependencies: manifest.devDependencies });
    expect(Object.keys(lock.packages).filter((place) => !/^node_modules\/@(esbuild|typescript)\//.test(place))).toEqual([
      "",
      "node_modules/@types/node",
      "node_modules/esbuild",
      "node_modules/typescript",
      "node_modules/undici-types",
    ]);
    expect(JSON.parse(readFileSync(join(starter, "tsconfig.json"), "utf8")).include).toEqual(["api", "exercises"]);
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
      "node .github/check-snaplab-files.mjs",
      "npm ci --omit=dev --ignore-scripts --no-audit --no-fund",
      'report="$(mktemp -d)/grade.json"',
      "classroom-resources/autograding-grading-reporter@v1",
    ]);
    expect(steps[2]).toMatchObject({ id: "kit" });
    const reporter = steps.at(-1)!;
    expect(reporter.with).toEqual({ runners: "snaplab" });
    // GitHub Actions fills in the grading step's output, or the check's when it refused the grade: the reporter reads it from SNAPLAB_RESULTS.
    expect(reporter.env!.SNAPLAB_RESULTS).toBe(`$\{{ steps.snaplab.outputs.result || steps.kit.outputs.result }}`);
    expect(reporter.if).toBe("success() || steps.kit.outputs.result != ''");
  });

  it("should give the reporter 12 of 12 for the exercise solved, in the result it reads", () => {
    // Its packages as the workflow's `npm ci` installs them (this checkout's: the starter's are among them); snaplab comes built.
    symlinkSync(join(repo, "node_modules"), join(starter, "node_modules"));
    copyFileSync(join(repo, "solutions/04-break-fifo/scenario.json"), join(starter, "exercises/04-break-fifo/scenario.json"));
    expect(gradingStep()).toEqual({ version: 1, status: "pass", max_score: 12, tests: [{ name: "4. Break FIFO: needs FIFO", status: "pass", score: 12 }] });
    expect(existsSync(join(starter, "dist", "snaplab.mjs"))).toBe(true);
  });

  it("should print the points line from a report, and an error result when there is no report", async () => {
    const report = join(scratch, "grade.json");
    expect((await runCli("grade", join(starter, "exercises"), "--only", "4", "--format", "json", "--out", report)).status).toBe(0);
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

  it("should report what the grade wrote, never a report the student committed, and an error result when the grade wrote none", () => {
    // Full points, committed where the workflow once wrote its report and wherever else it might look.
    const forged = `{"exercises":[{"number":4,"title":"Break FIFO","checks":[{"name":"needs FIFO","points":12,"max":12,"passed":true}]}],"failures":[]}`;
    for (const file of ["snaplab-grade.json", "grade.json", "exercises/grade.json"]) writeFileSync(join(starter, file), forged);
    const scenario = join(starter, "exercises/04-break-fifo/scenario.json");
    const kept = readFileSync(scenario, "utf8");
    try {
      writeFileSync(scenario, "{");
      expect(gradingStep().tests).toEqual([
        { name: "4. Break FIFO: needs FIFO", status: "fail", score: 0, message: expect.stringMatching(/scenario\.json: not valid JSON/) },
      ]);
      // No exercises/ at all: the grade writes no report, and the result says so.
      renameSync(join(starter, "exercises"), join(starter, "exercises-gone"));
      const none = gradingStep();
      expect([none.status, none.max_score, none.tests.map((t) => t.score)]).toEqual(["error", 12, [0]]);
    } finally {
      if (existsSync(join(starter, "exercises-gone"))) renameSync(join(starter, "exercises-gone"), join(starter, "exercises"));
      writeFileSync(scenario, kept);
      for (const file of ["snaplab-grade.json", "grade.json", "exercises/grade.json"]) rmSync(join(starter, file));
    }
  });

  it("should name in its help texts only files of spec/ and docs/ it holds, and any other as snaplab's repository's", () => {
    const help = (...command: string[]) => {
      const shown = spawnSync(process.execPath, ["bin/snaplab.js", ...command, "--help"], { cwd: starter, encoding: "utf8" });
      expect(shown.status, shown.stderr).toBe(0);
      return shown.stdout.replace(/\s+/g, " ");
    };
    // The commands a help lists, "snaplab explore <scenario>  Explore ...", each once (examples name some again).
    const subcommands = (text: string, prefix: string) => [
      ...new Set([...text.matchAll(new RegExp(`(?<= snaplab ${prefix})[a-z][a-z0-9-]*(?= )`, "g"))].map((m) => m[0])),
    ];
    const top = subcommands(help(), "");
    expect(top).toEqual(expect.arrayContaining(["explore", "grade", "classroom"]));
    const commands = [[], ...top.map((c) => [c]), ...subcommands(help("classroom"), "classroom ").map((c) => ["classroom", c])];
    const named = commands.flatMap((command) =>
      [...help(...command).matchAll(/\b(?:spec|docs)\/[\w./-]*\w( in snaplab's repository)?/g)].map((m) => ({ command: command.join(" "), path: m[0] })),
    );
    const missing = named.filter(({ path }) => !path.endsWith(" in snaplab's repository") && !existsSync(join(starter, path)));
    expect(missing).toEqual([]);
    expect(named.map((n) => n.path)).toContain("spec/reduction.md in snaplab's repository");
  });

  it("should refuse to write into a folder that is not empty", async () => {
    const refused = await runCli("classroom", "github", "--out", starter);
    expect([refused.status, refused.stderr]).toEqual([2, `snaplab: ${starter}: is not empty (--out names a new or empty folder)\n`]);
  });
});

describe("a starter for some of the exercises (--only)", () => {
  let some: string;

  beforeAll(async () => {
    some = join(scratch, "some");
    const written = await runCli("classroom", "github", "--out", some, "--only", "1,3");
    expect(written.status, written.stderr).toBe(0);
    // In the starter as a student has it: node_modules installed (this checkout's: the starter's are among them).
    symlinkSync(join(repo, "node_modules"), join(some, "node_modules"));
  });

  /** Runs the starter's snaplab in it, as `npx snaplab ...` does. */
  const inStarter = (...args: string[]) => spawnSync(process.execPath, ["bin/snaplab.js", ...args], { cwd: some, encoding: "utf8" });

  it("should hand out the chosen exercises alone, and have npm test and the README's commands grade them as the workflow does", () => {
    // With the page on generated scenarios their READMEs link to, which exercise 4's alone does not.
    expect(filesUnder(some, "exercises")).toEqual([
      ...filesUnder(repo, "exercises/01-record-and-forward"),
      ...filesUnder(repo, "exercises/03-completion"),
      "exercises/generated-scenarios.md",
    ]);
    const workflow = parse(readFileSync(join(some, ".github/workflows/classroom.yml"), "utf8")) as { jobs: Record<string, { steps: Step[] }> };
    const grading = Object.values(workflow.jobs)[0]!.steps.find((s) => s.id === "snaplab")!.run!;
    expect(grading).toContain("node bin/snaplab.js grade exercises --only 1,3 --format json");
    const manifest = JSON.parse(readFileSync(join(some, "package.json"), "utf8"));
    expect(manifest.scripts).toMatchObject({
      test: "node .github/check-snaplab-files.mjs && node bin/snaplab.js grade exercises",
      grade: "node .github/check-snaplab-files.mjs && node bin/snaplab.js grade",
    });
    // What snaplab run in the starter reads to keep to the assignment (below).
    expect(manifest.snaplab).toEqual({ exercises: [1, 3] });
    const readme = readFileSync(join(some, "README.md"), "utf8");
    expect([...readme.matchAll(/^\| (\d) \| /gm)].map((m) => m[1])).toEqual(["1", "3"]);
    expect(readme).toContain("This assignment is exercises 1 and 3: `npm test`, the commands below and the workflow that grades\nyour pushes keep to them.\n");
    const told = [...readme.matchAll(/^(npx snaplab (?:grade|list|hint)[^#\n]*?) *(?:#.*)?$/gm)].map((m) => m[1]);
    expect(told).toEqual(["npx snaplab grade --only 1", "npx snaplab grade --watch", "npx snaplab list", "npx snaplab hint 1"]);
  });

  it("should keep snaplab's grade, list and hint to the assignment's exercises there, and refuse another in one line", async () => {
    const graded = inStarter("grade");
    expect(graded.stdout.match(/^ {2}\d\. \S+/gm)).toEqual(["  1. Record", "  3. Completion"]);
    expect(graded.stdout).toMatch(/\nPoints: 0\/25 /);
    // npm run grade -- --only 3: the option narrows the assignment, as the starter's scripts pass none of their own.
    expect(inStarter("grade", "--only", "3").stdout.match(/^ {2}\d\. \S+/gm)).toEqual(["  3. Completion"]);
    const list = inStarter("list");
    expect([list.status, list.stdout.match(/^\d/gm)]).toEqual([0, ["1", "3"]]);
    expect(inStarter("grade", "--help").stdout).toContain("[default: this assignment's, 1,3]");
    for (const [args, said] of [
      [["hint", "2"], "hint 2: exercise 2 is not part of this assignment (its exercises are 1 and 3)"],
      [["grade", "--only", "3,4"], "--only 4: exercise 4 is not part of this assignment (its exercises are 1 and 3)"],
      [["list", "--only", "6"], "--only 6: exercise 6 is not part of this assignment (its exercises are 1 and 3)"],
      [["hint", "x"], "hint x: not an exercise number (this assignment's exercises are 1 and 3)"],
    ] as const) {
      const refused = inStarter(...args);
      expect([refused.status, refused.stdout, refused.stderr]).toEqual([2, "", `snaplab: ${said}\n`]);
    }
    expect(inStarter("hint", "3").stdout).toMatch(/^# Hint for exercise 3/);
    // In the kit itself there is no assignment: every exercise is one.
    expect((await runCli("hint", "4")).stdout).toMatch(/^# Hint for exercise 4/);
    expect(snaplab("grade", "--help").stdout).not.toContain("default: this assignment's");
  });

  it("should hand out exercise 2 with the file it is answered in, exercise 1's rules.ts, and nothing else of exercise 1", async () => {
    const second = join(scratch, "second");
    const written = await runCli("classroom", "github", "--out", second, "--only", "2");
    expect(written.status, written.stderr).toBe(0);
    expect(filesUnder(second, "exercises")).toEqual([
      "exercises/01-record-and-forward/rules.ts",
      ...filesUnder(repo, "exercises/02-channel-recording"),
      "exercises/generated-scenarios.md",
    ]);
    // Every file its documents name is there: the README's table, exercise 2's README (`../01-record-and-forward/rules.ts`).
    for (const document of ["README.md", "exercises/02-channel-recording/README.md", "exercises/02-channel-recording/HINT.md"]) {
      const spans = [...readFileSync(join(second, document), "utf8").matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
      const named = [
        ...spans.filter((span) => span.startsWith("exercises/")),
        ...spans.filter((span) => span.startsWith("../")).map((span) => join(dirname(document), span)),
      ];
      for (const path of named) expect(existsSync(join(second, path)), `${document} names ${path}`).toBe(true);
    }
    expect(readFileSync(join(second, "README.md"), "utf8")).toContain("--rules exercises/01-record-and-forward/rules.ts");
  });

  it("should check a student's types with npm run typecheck, as the exercises' READMEs say", () => {
    const file = join(some, "exercises/03-completion/completion.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace("return false;", "return view.recorded?.balence === 0;"));
    const typecheck = spawnSync("npm", ["run", "--silent", "typecheck"], { cwd: some, encoding: "utf8" });
    expect(typecheck.status).not.toBe(0);
    expect(typecheck.stdout).toMatch(
      /^exercises\/03-completion\/completion\.ts\(\d+,\d+\): error TS2551: Property 'balence' does not exist on type 'LocalSnapshot'/m,
    );
  });
});

describe("a checkout whose exercises/ holds someone's work", () => {
  it("should refuse, in one line, to hand out a file that is not its stub, and write a starter that does not hand it out", () => {
    // A copy of the kit, as an instructor who tried exercise 3 in it has it: what classroom github reads, and its packages.
    const kit = join(tempDir("tried"), "snaplab");
    for (const entry of ["package.json", "package-lock.json", "tsconfig.json", "bin", "dist", "scripts", "src", "api", "spec", "exercises"]) {
      cpSync(join(repo, entry), join(kit, entry), { recursive: true });
    }
    symlinkSync(join(repo, "node_modules"), join(kit, "node_modules"));
    copyFileSync(join(repo, "solutions/03-completion/completion.ts"), join(kit, "exercises/03-completion/completion.ts"));
    const write = (...only: string[]) =>
      spawnSync(process.execPath, ["bin/snaplab.js", "classroom", "github", "--out", "starter", ...only], { cwd: kit, encoding: "utf8" });
    const refused = write("--only", "1,3");
    expect([refused.status, refused.stderr]).toEqual([
      2,
      "snaplab: exercises/03-completion/completion.ts is not snaplab's stub (someone's work in it?): classroom github hands out the stubs, so put it back as snaplab's repository has it (e.g. git checkout -- exercises/03-completion/completion.ts) and run it again\n",
    ]);
    expect(existsSync(join(kit, "starter"))).toBe(false);
    // Exercise 3 not chosen: its file is not handed out, so nothing is refused.
    const written = write("--only", "1,4");
    expect(written.status, written.stderr).toBe(0);
    expect(readdirSync(join(kit, "starter", "exercises"))).toEqual(["01-record-and-forward", "04-break-fifo", "generated-scenarios.md"]);
  });
});
