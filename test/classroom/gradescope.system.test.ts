// The Gradescope autograder as Gradescope runs it: the zip written by `snaplab classroom gradescope`,
// unpacked into source/, setup.sh run once (npm from its cache, node already here), then
// run_autograder on a submission at a time, each results.json checked against Gradescope's fields.
// The submissions that need no full grading (the untouched exercises, wrong layouts, a missing
// file, a syntax error) go through what run_autograder runs, `snaplab classroom autograde`, in this
// process: the same command, counted by coverage, without a process to start each time.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { processesLeftUnder, sandboxScratch } from "../grade/sandbox/support.js";
import { autograderZip } from "../../src/classroom/gradescope-autograder.js";
import { runCli } from "../support/cli.js";
import { resultsMistakes } from "./gradescope-results.js";
import { zipEntries } from "./zip-entries.js";

const repo = resolve(".");
let scratch: string;
let sandboxes: string;
let root: string;
let zip: string;
const solution = (file: string) => readFileSync(join(repo, "solutions", file), "utf8");

interface Results {
  score: number;
  output: string;
  tests: { name: string; score: number; max_score: number; status: string; output: string; visibility: string }[];
}

/** Lays `files` out as Gradescope's submission/ (nothing else in it). */
function submit(files: Record<string, string>): void {
  rmSync(join(root, "submission"), { recursive: true, force: true });
  mkdirSync(join(root, "submission"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, "submission", file)), { recursive: true });
    writeFileSync(join(root, "submission", file), text);
  }
}

/** Runs run_autograder on `files` as Gradescope does (`PATH` replaced if given), and reads results.json. */
function runAutograder(files: Record<string, string>, path = process.env.PATH): Results {
  submit(files);
  const run = spawnSync(join(root, "source", "run_autograder"), {
    cwd: root,
    env: { ...process.env, PATH: path, SNAPLAB_AUTOGRADER_ROOT: root, TMPDIR: sandboxes },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return results();
}

/** Runs what run_autograder runs, in this process, with the zip's choices. */
async function autograde(files: Record<string, string>): Promise<Results> {
  submit(files);
  const run = await runCli("classroom", "autograde", "--root", root, "--only", "1,4", "--hide-until-due");
  expect(run.status, run.stderr).toBe(0);
  return results();
}

function results(): Results {
  const written = JSON.parse(readFileSync(join(root, "results", "results.json"), "utf8")) as Results;
  expect(resultsMistakes(written as never)).toEqual([]);
  return written;
}

/** Every file of a folder of the kit, by path: what a student would upload. */
function folder(dir: string, under = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(join(repo, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name).slice(join(repo, dir).length + 1);
    files[join(under, path)] = readFileSync(join(repo, dir, path), "utf8");
  }
  return files;
}

beforeAll(async () => {
  ({ scratch, sandboxes } = sandboxScratch("autograder"));
  root = join(scratch, "autograder");
  zip = join(scratch, "autograder.zip");
  // The sandboxes of gradings in this process go there too, so that leftovers can be counted.
  process.env.TMPDIR = sandboxes;
  const written = await runCli("classroom", "gradescope", "--out", zip, "--only", "1,4", "--hide-until-due");
  expect(written.status, written.stderr).toBe(0);
  // Exercises 1 (15 points) and 4 (12): the figure to enter as the assignment's autograder points.
  expect(written.stderr).toMatch(/^wrote .*autograder\.zip \(\d+ KB\): upload it as the assignment's autograder on Gradescope, worth 27 autograder points\n$/);
  for (const entry of zipEntries(readFileSync(zip))) {
    const file = join(root, "source", entry.name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, entry.data);
    chmodSync(file, entry.mode & 0o777);
  }
  // The registry is reachable here, but the packages are all in npm's cache: use it.
  const setup = spawnSync("bash", [join(root, "source", "setup.sh")], {
    env: { ...process.env, npm_config_prefer_offline: "true" },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(setup.status, setup.stderr).toBe(0);
  expect(setup.stdout).toMatch(/snaplab is ready: v20\./);
}, 180_000);

describe("the autograder zip", () => {
  it("should hold setup.sh and run_autograder, executable, at its top, and the kit without solutions or tests", () => {
    const entries = zipEntries(readFileSync(zip));
    const mode = (name: string) => entries.find((e) => e.name === name)?.mode;
    expect([mode("setup.sh"), mode("run_autograder"), mode("snaplab/bin/snaplab.js")]).toEqual([0o100755, 0o100755, 0o100755]);
    expect(mode("snaplab/package-lock.json")).toBe(0o100644);
    const tops = new Set(entries.map((e) => e.name.split("/").slice(0, 2).join("/")));
    expect([...tops].sort()).toEqual([
      "run_autograder",
      "setup.sh",
      "snaplab/api",
      "snaplab/bin",
      "snaplab/exercises",
      "snaplab/package-lock.json",
      "snaplab/package.json",
      // scripts/build.mjs: setup.sh's npm ci builds snaplab's command with it.
      "snaplab/scripts",
      "snaplab/spec",
      "snaplab/src",
      "snaplab/tsconfig.json",
    ]);
    // The same kit, the same bytes: no date or order of the moment goes into the zip.
    expect(Buffer.from(autograderZip({ only: [1, 4], hideUntilDue: true })).equals(readFileSync(zip))).toBe(true);
  });
});

describe("run_autograder", () => {
  it("should give full marks to the solutions, showing the generated scenarios' check after the due date", () => {
    const results = runAutograder(folder("solutions"));
    expect(results.score).toBe(27);
    expect(results.output).toBe("Points shown now: 24/24\n1 check on generated scenarios and inputs (3 points) shown after the due date.");
    expect(results.tests.map((t) => [t.name, t.score, t.max_score, t.status, t.visibility])).toEqual([
      ["1. Record and forward: two-node", 4, 4, "passed", "visible"],
      ["1. Record and forward: ring", 4, 4, "passed", "visible"],
      ["1. Record and forward: two-initiators", 4, 4, "passed", "visible"],
      ["1. Record and forward: generated scenarios (128)", 3, 3, "passed", "after_due_date"],
      ["4. Break FIFO: needs FIFO", 12, 12, "passed", "visible"],
    ]);
  });

  it("should give the untouched exercises (uploaded as the exercises/ folder) 0, each not started, in one line", async () => {
    const results = await autograde(folder("exercises", "exercises"));
    expect(results.score).toBe(0);
    // Named inside the upload, as every message of the autograder names a file: never by the grader's own path.
    expect([results.tests[0]!.output, results.tests.at(-1)!.output]).toEqual([
      "not started: fill in the TODOs in 01-record-and-forward/rules.ts (its README says how)",
      "not started: fill in the TODOs in 04-break-fifo/scenario.json (its README says how)",
    ]);
  });

  it("should give the exercises begun (a line added to each stub) 0, with the counterexample and the hint's first sentence", async () => {
    const begun = Object.entries(folder("exercises", "exercises")).map(([path, text]) => [path, /(rules\.ts|scenario\.json)$/.test(path) ? `${text}\n` : text]);
    const results = await autograde(Object.fromEntries(begun));
    expect(results.score).toBe(0);
    const [first, second] = results.tests;
    expect(first!.output.split("\n").slice(0, 6)).toEqual([
      "marker-sending-rule is violated: P0 started a snapshot without recording its state",
      `on this scenario (the check's own): {"name":"two-node","processes":{"P0":100,"P1":100},"channels":[["P0","P1"],["P1","P0"]],"programs":{"P0":[{"to":"P1","amount":10}],"P1":[{"to":"P0","amount":20}]},"initiators":["P0"]}`,
      // Named where the kit keeps it: an upload's folder is laid out like exercises/.
      "to explore it, save that scenario as it.json, then: npx snaplab explore it.json --rules exercises/01-record-and-forward/rules.ts",
      "explore checks states, not marker-sending-rule, a rule about steps only the grader checks: the run's last step below breaks it",
      "shortest counterexample, 1 step:",
      " 1. P0 starts a snapshot: nothing recorded [reference channel rules: starts recording P1->P0]",
    ]);
    expect(first!.output.split("\n").at(-1)).toBe(
      'Hint: `initiate` returns `[{ type: "record-state" }, ...markers]`, where `markers` has one `{ type: "send-marker", channel }` for each channel in `view.outgoing`. (the whole hint: npx snaplab hint 1)',
    );
    expect(second!.output).not.toContain("Hint:");
    expect(results.tests.at(-1)!.output).toMatch(/\n\nHint: Two processes are enough\. \(the whole hint: npx snaplab hint 4\)$/);
  });

  it("should give 0 with what to upload for loose files, a missing file and a syntax error", async () => {
    const loose = await autograde({ "rules.ts": solution("01-record-and-forward/rules.ts"), "scenario.json": solution("04-break-fifo/scenario.json") });
    expect(loose.score).toBe(0);
    expect(loose.output).toBe(
      "Points: 0/27\nThe submission has rules.ts, scenario.json at its top, outside the exercise folders. Upload the exercise folders as they are in exercises/ (01-record-and-forward/rules.ts, 04-break-fifo/scenario.json), or the exercises/ folder itself, or your whole repository.",
    );

    expect((await autograde({})).output).toBe(
      "Points: 0/27\nThe submission is empty. Upload the exercise folders as they are in exercises/ (01-record-and-forward/rules.ts, 04-break-fifo/scenario.json), or the exercises/ folder itself, or your whole repository.",
    );

    // A whole repository, as GitHub or a zip of one gives it: the exercises are found inside.
    const broken = await autograde({
      "snaplab-main/exercises/01-record-and-forward/rules.ts": "export const rules = {\n  name: 'x',\n  initiate(view) { return [ }\n};\n",
    });
    expect(broken.score).toBe(0);
    expect(broken.tests[0]!.output).toBe('does not build: 01-record-and-forward/rules.ts:3:29: Unexpected "}"');
    expect(broken.tests.at(-1)!.output).toBe("there is no 04-break-fifo/scenario.json");
  });

  it("should tell the instructor, in the autograder's output, which folder of the upload it graded, or why none", async () => {
    const said = async (files: Record<string, string>) => {
      submit(files);
      const run = await runCli("classroom", "autograde", "--root", root, "--only", "1,4");
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    };
    expect(await said({ "snaplab-main/exercises/04-break-fifo/scenario.json": solution("04-break-fifo/scenario.json") })).toBe(
      "graded submission/snaplab-main/exercises: 12/27\n",
    );
    expect(await said({})).toMatch(/^nothing graded: The submission is empty\. Upload the exercise folders .*\n$/);
  });

  it("should show the names of what was uploaded as data, whatever they hold", async () => {
    // Gradescope shows text output as it is: a newline in a file's name forged a line of the output, an escape drove
    // the terminal of whoever read it; HTML and Markdown it shows as written, in text output (output_format).
    const names = ["a\nPoints: 27 of 27", "\u001b[32mall passed", "<img src=x onerror=alert(1)>", "**bold** [x](x)", "\u202egnp.ts"];
    const shown = await autograde(Object.fromEntries(names.map((name) => [name, "x"])));
    const json = JSON.parse(readFileSync(join(root, "results", "results.json"), "utf8")) as { output_format: string; test_output_format: string };
    expect([json.output_format, json.test_output_format]).toEqual(["text", "text"]);
    const [points, problem, ...more] = shown.output.split("\n");
    expect([points, more]).toEqual(["Points: 0/27", []]);
    for (const name of ["a\\nPoints: 27 of 27", "\\x1B[32mall passed", "\\u202Egnp.ts", "<img src=x onerror=alert(1)>", "**bold** [x](x)"]) {
      expect(problem).toContain(name);
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters a reader acts on are what this looks for
    for (const test of shown.tests) expect(test.output).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
  });

  it("should keep the result its own when a submission attacks it, and leave nothing behind", async () => {
    const forged = join(root, "results", "results.json");
    const attack = `${solution("01-record-and-forward/rules.ts")}
try { process.kill(process.ppid, "SIGKILL"); } catch {}
try { process.getBuiltinModule("node:child_process").spawn("sh", ["-c", "sleep 1; echo '{\\"score\\": 1000}' > ${forged}"], { detached: true, stdio: "ignore" }).unref(); } catch {}
process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(forged)}, '{"score": 1000}');
`;
    const results = runAutograder({ "01-record-and-forward/rules.ts": attack, "04-break-fifo/scenario.json": solution("04-break-fifo/scenario.json") });
    expect(results.tests.map((t) => t.score)).toEqual([0, 0, 0, 0, 12]);
    expect(results.tests[0]!.output).toMatch(/^Error \[ERR_ACCESS_DENIED\]: Access to this API has been restricted/);
    expect(readdirSync(sandboxes)).toEqual([]);
    expect(await processesLeftUnder(scratch)).toEqual([]);
    expect(JSON.parse(readFileSync(forged, "utf8")).score).toBe(12);
  });

  it("should refuse to run where there is no submission folder, writing nothing (it once made /autograder/results on any machine)", async () => {
    const elsewhere = join(scratch, "not-an-autograder");
    mkdirSync(elsewhere);
    const run = await runCli("classroom", "autograde", "--root", elsewhere);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `snaplab: ${elsewhere}: there is no submission folder here (classroom autograde runs in Gradescope's autograder, which puts the upload in /autograder/submission; elsewhere, give --root)\n`,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("should fetch the package lists before it installs bubblewrap where the image lacks it (an image may come without them)", () => {
    const setup = readFileSync(join(root, "source", "setup.sh"), "utf8");
    // The script's own lines: its installer, and the step that installs bubblewrap, on a PATH with no bwrap and an apt-get that notes its calls.
    const installer = /^install_packages\(\) \{\n[\s\S]*?\n\}$/m.exec(setup)![0];
    const walls = /^if ! command -v bwrap[\s\S]*?\nfi$/m.exec(setup)![0];
    const bin = join(scratch, "bin-with-apt-get");
    mkdirSync(bin);
    const calls = join(scratch, "apt-get-calls");
    writeFileSync(join(bin, "apt-get"), `#!/usr/bin/bash\necho "$*" >> ${calls}\n`, { mode: 0o755 });
    const run = spawnSync("/usr/bin/bash", ["-c", `${installer}\n${walls}`], { env: { PATH: bin, HOME: scratch }, encoding: "utf8" });
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(readFileSync(calls, "utf8")).toBe("update -qq\ninstall -y -qq --no-install-recommends bubblewrap\n");
  });

  it("should still write a result, 0 and a line for the instructor, when snaplab cannot start at all", () => {
    // A PATH with the shell and the tools the script uses, and no node.
    const bin = join(scratch, "bin-without-node");
    mkdirSync(bin);
    for (const tool of ["bash", "mkdir", "rm"]) symlinkSync(join("/usr/bin", tool), join(bin, tool));
    const results = runAutograder(folder("solutions"), bin);
    expect(results).toEqual({
      score: 0,
      output: "The autograder could not start snaplab (see the autograder output). This is not your mistake: please tell your instructor.",
      visibility: "visible",
      tests: [],
    });
  });
});
