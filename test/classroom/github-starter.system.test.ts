// The GitHub Classroom starter as a learner holds it: written by `snaplab classroom github`, installed
// with `npm ci` from npm's cache, run as a learner runs it (`npm test`, `npm run typecheck`), and read
// as a learner might read it (no source, no solution, every path its documents name is there). Then
// its workflow, step by step as GitHub Actions runs it: the check of snaplab's files, the install, the
// grade; and the check refusing a grade when snaplab's files were changed, in the workflow as in npm test.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { RunnerResult } from "../../src/classroom/classroom-points.js";
import { kitCheckPath, refusedMessage } from "../../src/classroom/kit-check.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import { tempDir } from "../support/temp-dir.js";

const repo = resolve(".");
let folder: string;
let starter: string;

/** Runs `command` in `cwd` as a learner's shell would, npm's cache in place of the registry (npm ci filled it). */
const run = (cwd: string, command: string, ...args: string[]) =>
  spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false" },
  });

beforeAll(() => {
  folder = tempDir("github-starter");
  starter = join(folder, "starter");
  // As an instructor writes it, with the command built (test/support/build-once.ts).
  const written = run(repo, process.execPath, "bin/snaplab.js", "classroom", "github", "--out", starter);
  expect(written.status, written.stderr).toBe(0);
  const installed = run(starter, "npm", "ci");
  expect(installed.status, installed.stderr).toBe(0);
}, 180_000);

/** Every file under `dir`, by its path relative to the starter, with /. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(starter, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(starter.length + 1));
}

describe("the starter a learner is handed", () => {
  it("should hold snaplab built, the learner's API, the exercises and the spec they cite, and no sources or solutions", () => {
    // The full list is test/classroom/github.test.ts's; here, what of the kit a learner must not have.
    for (const kit of ["src", "solutions", "scripts", "test", "bench", "docs"]) expect(existsSync(join(starter, kit)), kit).toBe(false);
    expect(readdirSync(join(starter, "spec")).sort()).toEqual(["model.md", "scenarios"]);
    const dist = filesUnder("dist");
    for (const built of ["dist/snaplab.mjs", "dist/broker.cjs", "dist/harness.mjs", "dist/live-node.mjs", "dist/page/index.html"])
      expect(dist).toContain(built);
    // Source maps would lead back to src/, whose text they carry.
    expect(dist.filter((file) => file.endsWith(".map"))).toEqual([]);
    expect(existsSync(join(starter, "exercises", "01-record-and-forward", "rules.ts"))).toBe(true);
  });

  it("should install esbuild and the typecheck's packages, and none of the kit's test, lint or browser tools", () => {
    // Scoped folders hold the platform's own esbuild and TypeScript binaries, and Node's types.
    expect(readdirSync(join(starter, "node_modules")).filter((name) => !name.startsWith("."))).toEqual([
      "@esbuild",
      "@types",
      "@typescript",
      "esbuild",
      "typescript",
      "undici-types",
    ]);
    for (const tool of ["vitest", "playwright-core", "vite", "@biomejs", "tsx", "yargs"])
      expect(existsSync(join(starter, "node_modules", tool)), tool).toBe(false);
  });

  it("should have a lock npm keeps as it is: a learner's npm install rewrites neither it nor package.json", () => {
    const before = ["package.json", "package-lock.json"].map((file) => readFileSync(join(starter, file), "utf8"));
    const again = run(starter, "npm", "install");
    expect(again.status, again.stderr).toBe(0);
    expect(["package.json", "package-lock.json"].map((file) => readFileSync(join(starter, file), "utf8"))).toEqual(before);
  });

  it("should grade the untouched stubs with npm test: each exercise not started, a line each, and no counterexample, exit 1", () => {
    const graded = run(starter, "npm", "test");
    expect(graded.status).toBe(1);
    const report = graded.stdout.slice(graded.stdout.indexOf("\nexercises\n") + 1);
    expect(report.split("\n").slice(0, 3)).toEqual([
      "exercises",
      "  1. Record and forward                  0/15  not started: fill in the TODOs in exercises/01-record-and-forward/rules.ts (its README says how)",
      "  2. Channel recording                   0/15  not started: fill in the TODOs in exercises/01-record-and-forward/rules.ts (its README says how)",
    ]);
    expect(report).toMatch(/^exercises\n(?: {2}\d\. .* 0\/\d+ {2}not started: .*\n){6}Points: 0\/100 \(graded in [0-9.]+ s\)\n$/);
  });

  it("should refuse to grade with npm test, as the workflow does, when snaplab's files were changed: a type added to api/, the lock rewritten", () => {
    const changed = ["api/effects.ts", "package-lock.json"];
    const kept = changed.map((file) => readFileSync(join(starter, file)));
    try {
      appendFileSync(join(starter, "api/effects.ts"), "export type Extra = 1;\n");
      appendFileSync(join(starter, "package-lock.json"), " ");
      const refused = run(starter, "npm", "test");
      expect(refused.status).toBe(2);
      expect(refused.stdout).not.toContain("Points:");
      expect(refused.stdout.split("\n").filter((line) => /^snaplab's|^The grade/.test(line))).toEqual([
        "snaplab's files differ from the starter's: changed: package-lock.json",
        "snaplab's files differ from the starter's: changed: api/effects.ts",
        "The grade is refused: only exercises/ is yours to change. Put these files back as the starter had them (its README says how).",
      ]);
    } finally {
      changed.forEach((file, i) => writeFileSync(join(starter, file), kept[i]!));
    }
  });

  it("should give full marks with npm test, exit 0, and no type errors, once exercises/ holds the solutions", () => {
    const stubs = join(folder, "stubs");
    cpSync(join(starter, "exercises"), stubs, { recursive: true });
    try {
      cpSync(join(repo, "solutions"), join(starter, "exercises"), { recursive: true });
      const graded = run(starter, "npm", "test");
      expect(graded.status, graded.stdout.slice(-2000)).toBe(0);
      expect(graded.stdout).toMatch(/\nPoints: 100\/100 \(graded in [0-9.]+ s\)\n$/);
      const typecheck = run(starter, "npm", "run", "typecheck");
      expect([typecheck.status, typecheck.stderr]).toEqual([0, ""]);
    } finally {
      rmSync(join(starter, "exercises"), { recursive: true });
      cpSync(stubs, join(starter, "exercises"), { recursive: true });
    }
  });

  it("should refuse to write a starter from a starter, which has no sources to build one from", () => {
    const refused = run(starter, process.execPath, "bin/snaplab.js", "classroom", "github", "--out", join(folder, "again"));
    expect([refused.status, refused.stderr]).toEqual([
      2,
      `snaplab: ${starter} has no src/: classroom github builds the starter from snaplab's sources (run it in snaplab's repository)\n`,
    ]);
    expect(existsSync(join(folder, "again"))).toBe(false);
  });

  it("should hold no text of the reference rules: none of their comments, and none of their names in the code it runs", () => {
    const references = [
      "src/models/bank/algorithms/chandy-lamport.ts",
      "src/models/bank/multi-snapshot/chandy-lamport-per-snapshot.ts",
      "src/grade/exercises/completion.ts",
    ].map((file) => readFileSync(join(repo, file), "utf8"));
    // A comment's lines, long enough to be its own; the names each file declares at its top level, in camelCase.
    const comments = references.flatMap((text) => [...text.matchAll(/^\s*(?:\/\/|\/\*\*|\*)\s*(.{30,})$/gm)].map((m) => m[1]!.trim()));
    const names = references.flatMap((text) => [...text.matchAll(/^(?:export )?(?:function|const) ([a-z]+[A-Z]\w*)/gm)].map((m) => m[1]!));
    expect(names).toEqual(expect.arrayContaining(["recordAndForward", "chandyLamport", "chandyLamportPerSnapshot", "completionProperties"]));
    const everything = [".", "api", "bin", "dist", "exercises", "spec"].flatMap((dir) =>
      dir === "." ? ["README.md", "package.json", "tsconfig.json", ".github/workflows/classroom.yml", kitCheckPath] : filesUnder(dir),
    );
    const texts = new Map(everything.map((file) => [file, readFileSync(join(starter, file), "utf8")]));
    for (const comment of comments) for (const [file, text] of texts) expect(text.includes(comment), `${file} holds "${comment}"`).toBe(false);
    const code = [...texts].filter(([file]) => file.startsWith("dist/") || file.startsWith("bin/") || file === kitCheckPath);
    for (const name of names) for (const [file, text] of code) expect(new RegExp(`\\b${name}\\b`).test(text), `${file} holds ${name}`).toBe(false);
    // The kit's own build, from the same sources, holds them: the check above can fail.
    const kitCli = readdirSync(join(repo, "dist", "chunks")).map((file) => readFileSync(join(repo, "dist", "chunks", file), "utf8"));
    expect(names.filter((name) => kitCli.some((text) => text.includes(name)))).toEqual(names);
    expect(comments.filter((comment) => kitCli.some((text) => text.includes(comment))).length).toBeGreaterThan(0);
  });

  it("should have every file and folder its documents name, and point to none of the kit's sources or solutions", () => {
    const documents = ["README.md", ...filesUnder("exercises"), ...filesUnder("api")].filter((file) => file.endsWith(".md"));
    expect(documents.length).toBe(15);
    for (const document of documents) {
      const text = readFileSync(join(starter, document), "utf8");
      const links = [...text.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
      for (const link of links) expect(existsSync(join(starter, dirname(document), link)), `${document} links to ${link}`).toBe(true);
      const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
      for (const path of spans.filter((span) => /^(api|bin|dist|exercises|spec)\//.test(span))) {
        expect(existsSync(join(starter, path)), `${document} names ${path}`).toBe(true);
      }
      expect(
        spans.filter((span) => /^(src|solutions|test|scripts)\//.test(span)),
        document,
      ).toEqual(document === "README.md" ? ["src/", "test/"] : []);
    }
  });
});

interface Step {
  id?: string;
  uses?: string;
  run?: string;
}

/** The workflow's steps that run a command (not an action), by the first words of the command. */
function workflowStep(starting: string): string {
  const workflow = parse(readFileSync(join(starter, ".github/workflows/classroom.yml"), "utf8")) as { jobs: Record<string, { steps: Step[] }> };
  const step = Object.values(workflow.jobs)[0]!.steps.find((s) => s.run?.startsWith(starting));
  expect(step, starting).toBeDefined();
  return step!.run!;
}

/** Runs a step's script in `cwd` as GitHub Actions runs a bash step, in its environment; what it wrote to $GITHUB_OUTPUT, and its output. */
function runStep(script: string, cwd: string): { status: number | null; stdout: string; output: string } {
  const output = join(folder, "github-output");
  writeFileSync(output, "");
  const ran = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], {
    cwd,
    encoding: "utf8",
    // The files a step makes with mktemp inside this test's folder, removed with it.
    env: { ...process.env, GITHUB_ACTIONS: "true", GITHUB_OUTPUT: output, TMPDIR: tempDir("step"), npm_config_offline: "true" },
  });
  return { status: ran.status, stdout: ran.stdout, output: readFileSync(output, "utf8") };
}

const resultIn = (output: string) => JSON.parse(Buffer.from(output.slice("result=".length), "base64").toString("utf8")) as RunnerResult;

describe("the starter's workflow, its steps run as GitHub Actions runs them", () => {
  let checkout: string;
  const check = () => runStep(workflowStep(`node ${kitCheckPath}`), checkout);

  beforeAll(() => {
    checkout = join(folder, "checkout");
    // A fresh checkout of the student's repository: what git has of the starter, no node_modules.
    cpSync(starter, checkout, { recursive: true, filter: (source) => !source.startsWith(join(starter, "node_modules")) });
  });

  it("should check snaplab's files, install its runtime packages and grade, giving the reporter the points", () => {
    const checked = check();
    expect([checked.status, checked.output]).toEqual([0, ""]);
    expect(checked.stdout).toMatch(/^snaplab's files are the starter's: \d{2,3} files checked\n$/);
    const install = runStep(workflowStep("npm ci"), checkout);
    expect(install.status).toBe(0);
    // --omit=dev: the grade needs no compiler.
    expect(readdirSync(join(checkout, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["@esbuild", "esbuild"]);
    const graded = runStep(workflowStep('report="$(mktemp -d)/grade.json"'), checkout);
    expect(graded.status).toBe(0);
    const result = resultIn(graded.output);
    // One test a check, every exercise's.
    expect([result.status, result.max_score, result.tests.length]).toEqual(["fail", 100, exercises.reduce((sum, e) => sum + e.checks.length, 0)]);
    expect(result.tests.find((t) => t.name === "1. Record and forward: two-node")).toEqual({
      name: "1. Record and forward: two-node",
      status: "fail",
      score: 0,
      message: "not started: fill in the TODOs in exercises/01-record-and-forward/rules.ts (its README says how)",
    });
  });

  it.each([
    ["a built file changed", "dist/harness.mjs", (file: string) => appendFileSync(file, "\n"), "changed: dist/harness.mjs"],
    ["a built file removed", "dist/broker.cjs", (file: string) => rmSync(file), "missing: dist/broker.cjs"],
    ["a file added to bin/", "bin/grade.js", (file: string) => writeFileSync(file, "process.exit(0);\n"), "added: bin/grade.js"],
    ["the lock changed", "package-lock.json", (file: string) => appendFileSync(file, " "), "changed: package-lock.json"],
    ["an .npmrc added", ".npmrc", (file: string) => writeFileSync(file, "node-options=--require ./exercises/x.js\n"), "added: .npmrc"],
    [
      "a file replaced by a symlink to the same bytes",
      "bin/snaplab.js",
      (file: string) => {
        cpSync(file, join(checkout, "exercises", "snaplab.js"));
        rmSync(file);
        symlinkSync("../exercises/snaplab.js", file);
      },
      "not a plain file: bin/snaplab.js",
    ],
  ])("should refuse to grade, with 0 points and the file named, when %s", (_, path, change, named) => {
    const file = join(checkout, path);
    const kept = existsSync(file) ? readFileSync(file) : undefined;
    try {
      change(file);
      const refused = check();
      expect(refused.status).toBe(2);
      expect(refused.stdout).toContain(`::error::snaplab's files differ from the starter's: ${named}\n`);
      expect(resultIn(refused.output)).toEqual({
        version: 1,
        status: "error",
        max_score: 100,
        tests: [{ name: "snaplab grade", status: "error", score: 0, message: refusedMessage }],
      });
    } finally {
      rmSync(file, { force: true });
      rmSync(join(checkout, "exercises", "snaplab.js"), { force: true });
      if (kept) writeFileSync(file, kept);
    }
    expect(check().status).toBe(0);
  });
});
