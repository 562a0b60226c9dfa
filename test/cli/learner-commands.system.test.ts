// The commands a learner types most (grade, list, hint), run as a learner runs them:
// the real binary for what a person sees (exit status, stdout, stderr), and the same
// `main` in this process for each format and option (which coverage counts).
// Exercise 4 (a scenario file) grades in milliseconds; 3 adds a rules file run in the sandbox.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const graded = (seconds: string) => new RegExp(`^Points: ${seconds} \\(graded in \\d+\\.\\d s\\)$`, "m");

describe("snaplab grade, as a learner runs it", () => {
  it("prints the points of a finished exercise, nothing on stderr, exit 0", () => {
    const { status, stdout, stderr } = snaplab("grade", "solutions", "--only", "4");
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toMatch(/^solutions\n {2}4\. Break FIFO {2}12\/12 {2}passed\nPoints: 12\/12 \(graded in \d+\.\d s\)\n$/);
  });

  it("says where to run it from when run from inside exercises/, for grade, list and hint alike", () => {
    const bin = join(process.cwd(), "bin", "snaplab.js");
    const inside = (...args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], {
        cwd: join("exercises", "01-record-and-forward"),
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
    for (const args of [["grade", "--only", "1"], ["list"], ["hint", "1"]]) {
      const { status, stdout, stderr } = inside(...args);
      expect({ status, stdout, stderr }).toEqual({
        status: 2,
        stdout: "",
        stderr: "snaplab: exercises: no such folder here: run snaplab from ../.., which holds it (cd ../..)\n",
      });
    }
  });

  it("grades exercises/ by default: an untouched stub is not started, in one line, exit 1", () => {
    const { status, stdout, stderr } = snaplab("grade", "--only", "4");
    expect({ status, stderr }).toEqual({ status: 1, stderr: "" });
    expect(stdout).toMatch(
      /^exercises\n {2}4\. Break FIFO {3}0\/12 {2}not started: fill in the TODOs in exercises\/04-break-fifo\/scenario\.json \(its README says how\)\nPoints: /,
    );
    expect(stdout).toMatch(graded("0/12"));
  });

  it("takes --only 3,4, --only 3 --only 4 and --only 3 4 alike", async () => {
    // On the stubs in exercises/, which fail in milliseconds: what matters is which exercises are graded.
    const texts = [];
    for (const only of [["3,4"], ["3", "--only", "4"], ["3", "4"]]) {
      const run = await runCli("grade", "exercises", "--only", ...only);
      expect(run.status).toBe(1);
      texts.push(run.stdout.replace(/graded in [\d.]+ s/, "graded in … s"));
    }
    expect(texts[0]!.match(/^ {2}\d\. .*$/gm)).toEqual([
      "  3. Completion   0/10  not started: fill in the TODOs in exercises/03-completion/completion.ts (its README says how)",
      "  4. Break FIFO   0/12  not started: fill in the TODOs in exercises/04-break-fifo/scenario.json (its README says how)",
    ]);
    expect(texts[0]).toMatch(/\nPoints: 0\/22 \(graded in … s\)\n$/);
    expect(new Set(texts).size).toBe(1);
  });

  it("grades several folders, with a summary, and exits 1 when any falls short", async () => {
    const { status, stdout, stderr } = await runCli("grade", "exercises", "solutions", "--only", "4");
    expect({ status, stderr }).toEqual({ status: 1, stderr: "" });
    expect(stdout).toMatch(graded("0/12"));
    expect(stdout).toMatch(graded("12/12"));
    expect(stdout).toMatch(/^Summary\n {2}submission +4 +points\n {2}exercises +0 +0\/12\n {2}solutions +12 +12\/12\n$/m);
  });

  it("--format json: one JSON object with the points and each check", async () => {
    const { status, stdout, stderr } = await runCli("grade", "solutions", "--only", "4", "--format", "json");
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ folder: "solutions", points: 12, max: 12, failures: [] });
    expect(report.exercises.map((e: { number: number }) => e.number)).toEqual([4]);
  });

  it("--format gradescope: results.json with a score per check", async () => {
    const { status, stdout } = await runCli("grade", "exercises", "--only", "4", "--format", "gradescope");
    expect(status).toBe(1);
    const results = JSON.parse(stdout);
    expect(results).toMatchObject({ score: 0, output: "Points: 0/12" });
    expect(results.tests).toEqual([expect.objectContaining({ name: "4. Break FIFO: needs FIFO", number: "4.1", score: 0, max_score: 12, status: "failed" })]);
  });

  it("--format junit: one testsuite per exercise, one testcase per check", async () => {
    const { status, stdout } = await runCli("grade", "solutions", "--only", "3,4", "--format", "junit");
    expect(status).toBe(0);
    expect(stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="snaplab grade" tests="5" failures="0" /);
    expect(stdout).toContain(`<testsuite name="solutions: 4. Break FIFO" tests="1" failures="0" `);
    expect(stdout).toContain(`<testcase classname="03-completion" name="generated scenarios (97)"/>`);
    expect(stdout).toContain(`<testcase classname="03-completion" name="direct calls (100 views, 140 sets of parts)"/>`);
    expect(stdout.match(/<testcase /g)).toHaveLength(5);
  });

  it("--out: the report in the file, in the format asked, and nothing on stdout", () => {
    const out = join(tempDir("grade-out"), "report.xml");
    const { status, stdout, stderr } = snaplab("grade", "exercises", "--only", "4", "--format", "junit", "--out", out);
    expect({ status, stdout, stderr }).toEqual({ status: 1, stdout: "", stderr: "" });
    const report = readFileSync(out, "utf8");
    expect(report).toMatch(/<testsuites name="snaplab grade" tests="1" failures="1" /);
    expect(report).toContain(`<testcase classname="04-break-fifo" name="needs FIFO">`);
  });

  it("refuses a missing folder and an --out it cannot write before grading, one line, exit 2", () => {
    for (const args of [
      ["grade", "no-such-folder"],
      ["grade", "--only", "4", "--out", "no/such/folder/r.json"],
    ]) {
      const { status, stdout, stderr } = snaplab(...args);
      expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
      expect(stderr).toMatch(/^snaplab: no.such.folder.*\n$/);
    }
  });
});

describe("snaplab grade --watch, as a learner runs it", () => {
  it("grades, waits, and grades again when a file under the folder changes; stopped, it ends", async () => {
    const scratch = tempDir("watch");
    const folder = join(scratch, "work");
    cpSync("exercises/04-break-fifo", join(folder, "04-break-fifo"), { recursive: true });
    const child = spawn(process.execPath, ["bin/snaplab.js", "grade", folder, "--only", "4", "--watch"], { env: { ...process.env, NO_COLOR: "1" } });
    const output = { stdout: "", stderr: "" };
    const waiters: (() => void)[] = [];
    const heard = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      output[stream] += String(chunk);
      waiters.splice(0).forEach((wake) => wake());
    };
    child.stdout.on("data", heard("stdout"));
    child.stderr.on("data", heard("stderr"));
    // Waits for output, not for time: the test's own timeout ends a run that never comes.
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((wake) => waiters.push(wake));
    };
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    try {
      await until(() => output.stderr.includes("watching for changes (Ctrl-C to stop)\n"));
      expect(output.stdout).toMatch(/^.*work\n {2}4\. Break FIFO {3}0\/12 {2}not started: /);
      // Saved as an editor saves atomically, in one rename: cpSync removes the old file first, and on a busy machine a
      // grading could start between the two and find no file (the next change grades again, but later than this test looks).
      const saved = join(scratch, "scenario.json");
      cpSync("solutions/04-break-fifo/scenario.json", saved);
      renameSync(saved, join(folder, "04-break-fifo", "scenario.json"));
      await until(() => /^Points: 12\/12 \(graded in \d+\.\d s\)$/m.test(output.stdout));
      expect(output.stderr).toContain("\nfiles changed; grading again\n");
      child.kill("SIGINT"); // Ctrl-C
      expect(await ended).toBe("SIGINT");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await ended;
    }
  });

  it("stops, saying so, exit 2, when the folder it watches is removed (it graded once more and ended without a word)", async () => {
    const folder = join(tempDir("watch"), "work");
    cpSync("solutions/04-break-fifo", join(folder, "04-break-fifo"), { recursive: true });
    const child = spawn(process.execPath, ["bin/snaplab.js", "grade", folder, "--only", "4", "--watch"], { env: { ...process.env, NO_COLOR: "1" } });
    let stderr = "";
    const watching = new Promise<void>((resolve) =>
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += String(chunk);
        if (stderr.includes("watching for changes")) resolve();
      }),
    );
    const ended = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await watching;
      rmSync(folder, { recursive: true });
      expect(await ended).toBe(2);
      expect(stderr).toBe(`watching for changes (Ctrl-C to stop)\nsnaplab: ${folder}: the folder is gone; stopped watching\n`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await ended;
    }
  });
});

describe("snaplab list, as a learner runs it", () => {
  const header = "#  exercise                           file                              points  status";
  const footer = "\nsnaplab hint N prints an exercise's hint; snaplab grade grades them.\n";

  it("lists exercises/ (the default): every exercise to do, exit 0", () => {
    const { status, stdout, stderr } = snaplab("list");
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      [
        header,
        "1  Record and forward                 01-record-and-forward/rules.ts    0/15    to do",
        "2  Channel recording                  01-record-and-forward/rules.ts    0/15    to do",
        "3  Completion                         03-completion/completion.ts       0/10    to do",
        "4  Break FIFO                         04-break-fifo/scenario.json       0/12    to do",
        "5  Snapshots without FIFO (Lai-Yang)  05-lai-yang/rules.ts              0/24    to do",
        "6  Repeated and concurrent snapshots  06-concurrent-snapshots/rules.ts  0/24    to do",
        footer,
      ].join("\n"),
    );
  });

  it("lists a folder without any exercise's file, in this process: nothing to grade, every exercise at 0", async () => {
    const { status, stdout, stderr } = await runCli("list", tempDir("empty"));
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    const rows = stdout.split("\n").slice(1, 7);
    // "no file", not "failing": nothing there has failed.
    expect(rows.map((row) => row.split(/ {2,}/).join("|"))).toEqual([
      "1|Record and forward|01-record-and-forward/rules.ts|0/15|no file",
      "2|Channel recording|01-record-and-forward/rules.ts|0/15|no file",
      "3|Completion|03-completion/completion.ts|0/10|no file",
      "4|Break FIFO|04-break-fifo/scenario.json|0/12|no file",
      "5|Snapshots without FIFO (Lai-Yang)|05-lai-yang/rules.ts|0/24|no file",
      "6|Repeated and concurrent snapshots|06-concurrent-snapshots/rules.ts|0/24|no file",
    ]);
    expect(stdout.startsWith(`${header}\n`) && stdout.endsWith(footer)).toBe(true);
  });

  it("lists only the exercises --only names, as grade --only grades them (a starter's assignment)", async () => {
    const { status, stdout, stderr } = await runCli("list", tempDir("empty"), "--only", "1,3");
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      [
        "#  exercise            file                            points  status",
        "1  Record and forward  01-record-and-forward/rules.ts  0/15    no file",
        "3  Completion          03-completion/completion.ts     0/10    no file",
        footer,
      ].join("\n"),
    );
  });

  it("lists files that are not files to read as failing, and grades them so: a loop of links, a folder, a FIFO (list crashed, or waited)", async () => {
    const folder = tempDir("odd-files");
    for (const exercise of ["01-record-and-forward", "03-completion", "04-break-fifo"]) mkdirSync(join(folder, exercise));
    symlinkSync("rules.ts", join(folder, "01-record-and-forward", "rules.ts"));
    mkdirSync(join(folder, "03-completion", "completion.ts"));
    execFileSync("mkfifo", [join(folder, "04-break-fifo", "scenario.json")]);
    const listed = await runCli("list", folder);
    expect({ status: listed.status, stderr: listed.stderr }).toEqual({ status: 0, stderr: "" });
    expect(
      listed.stdout
        .split("\n")
        .slice(1, 5)
        .map((row) => row.split(/ {2,}/).at(-1)),
    ).toEqual(["failing", "failing", "failing", "failing"]);
    const graded = await runCli("grade", folder, "--only", "1,3,4");
    // Each named as the learner opens it from where snaplab ran: after the folder given.
    expect(graded.stdout).toContain(`  1. Record and forward   0/15  failed: ${join(folder, "01-record-and-forward/rules.ts")} cannot be read (ELOOP)\n`);
    expect(graded.stdout).toContain(`  3. Completion           0/10  failed: ${join(folder, "03-completion/completion.ts")} is not a regular file\n`);
    expect(graded.stdout).toContain(`  4. Break FIFO           0/12  failed: ${join(folder, "04-break-fifo/scenario.json")} is not a regular file\n`);
  });

  // solutions/' list, every exercise done, is in test/grade/submission.system.test.ts, which grades solutions/ once for all its tests.
});

describe("snaplab hint, as a learner runs it", () => {
  it("prints exercise N's HINT.md, exit 0", () => {
    const { status, stdout, stderr } = snaplab("hint", "1");
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(readFileSync("exercises/01-record-and-forward/HINT.md", "utf8"));
  });

  it("reads the hint from the folder named after the number, and says when the folder has none", async () => {
    expect((await runCli("hint", "6", "solutions")).stdout).toBe(readFileSync("solutions/06-concurrent-snapshots/HINT.md", "utf8"));
    const { status, stdout, stderr } = await runCli("hint", "2", "nowhere");
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr).toBe("snaplab: nowhere/02-channel-recording/HINT.md: no such file (is nowhere the exercises folder?)\n");
  });
});
