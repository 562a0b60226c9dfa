// The files `snaplab grade` (and explore) write, as a user names them: a FIFO, a symbolic link or a
// folder another user owns is refused in one line, exit 2, before any grading, and left as it was.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { nobody } from "../../src/grade/sandbox/isolation.js";
import { type CliResult, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

let dir: string;
beforeAll(() => {
  dir = tempDir("report-files");
  execFileSync("mkfifo", [join(dir, "fifo")]);
  writeFileSync(join(dir, "target.txt"), "kept\n");
  symlinkSync(join(dir, "target.txt"), join(dir, "link"));
});

/** The one line `run` refused with, after checking that it is one line, with exit 2, nothing on stdout and no stack trace. */
function refusal(run: CliResult): string {
  expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: "" });
  expect(run.stderr).toMatch(/^snaplab: [^\n]*\n$/);
  return run.stderr;
}

describe("a report file that is not a regular file", () => {
  it("should be refused before grading, naming the file, what it is and the option, and be left as it was", () => {
    const fifo = join(dir, "fifo");
    const link = join(dir, "link");
    expect(refusal(snaplab("grade", "solutions", "--only", "4", "--out", fifo))).toBe(
      `snaplab: ${fifo}: cannot write the report, it is a FIFO (--out names a regular file or a new one)\n`,
    );
    expect(refusal(snaplab("grade", "solutions", "--only", "4", "--csv", link))).toBe(
      `snaplab: ${link}: cannot write the scores, it is a symbolic link (--csv names a regular file or a new one)\n`,
    );
    expect(refusal(snaplab("explore", "spec/scenarios/two-node.json", "--no-fifo", "--svg", fifo))).toBe(
      `snaplab: ${fifo}: cannot write the picture, it is a FIFO (--svg names a regular file or a new one)\n`,
    );
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readlinkSync(link)).toBe(join(dir, "target.txt"));
    expect(readFileSync(join(dir, "target.txt"), "utf8")).toBe("kept\n");
  });
});

// access() lets root write anywhere, so there the command runs as nobody, as a learner on a lab's machine would.
describe("a report file in a folder the user may not write in", () => {
  const root = process.getuid?.() === 0;
  it.skipIf(!root)("should be refused before grading, naming the folder and the option (skipped unless root, to become nobody)", () => {
    // Others may pass through the test's folder, as through /tmp, to a folder only root writes in.
    chmodSync(dir, 0o711);
    const locked = join(dir, "root-only");
    mkdirSync(locked, { mode: 0o755 });
    // A folder anyone writes in, holding a file only root may write.
    const shared = join(dir, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const roots = join(shared, "roots.csv");
    writeFileSync(roots, "kept\n", { mode: 0o644 });
    const asNobody = (...args: string[]): CliResult => {
      const run = spawnSync("setpriv", [`--reuid=${nobody}`, `--regid=${nobody}`, "--clear-groups", process.execPath, resolve("bin/snaplab.js"), ...args], {
        encoding: "utf8",
      });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    };
    const out = join(locked, "r.json");
    expect(refusal(asNobody("grade", "solutions", "--only", "4", "--out", out))).toBe(
      `snaplab: ${out}: cannot write the report, no permission to write in the folder ${locked} (--out needs one you can write in)\n`,
    );
    expect(refusal(asNobody("grade", "solutions", "--only", "4", "--csv", roots))).toBe(
      `snaplab: ${roots}: cannot write the scores, no permission to replace it (--csv needs a file you can write)\n`,
    );
    expect(readFileSync(roots, "utf8")).toBe("kept\n");
  });
});
