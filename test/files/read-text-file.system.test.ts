import { execFileSync } from "node:child_process";
import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../src/files/read-text-file.js";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

// One line, exit 2, and no hang: the real binary on the files a read would never finish (a FIFO opened
// for reading waits for a writer forever, /dev/zero never ends), `main` in this process on the others.
describe("snaplab on files that are not scenarios or traces", () => {
  // The files made here, by what the tests' names call them: made when the tests run, not as they are collected.
  const made: Record<string, string> = {};
  beforeAll(() => {
    const fifo = join(tempDir("fifo"), "pipe.json");
    execFileSync("mkfifo", [fifo]);
    const big = join(tempDir("big"), "big.json");
    writeFileSync(big, "");
    truncateSync(big, MAX_FILE_BYTES + 1);
    Object.assign(made, { "a FIFO": fifo, "a file too big": big });
  });
  const path = (named: string) => made[named] ?? named;

  it.each([
    ["explore", "a FIFO", "cannot read the scenario (it is not a regular file (a FIFO, device or socket), not a scenario file)"],
    ["promela", "a FIFO", "cannot read the scenario (it is not a regular file (a FIFO, device or socket), not a scenario file)"],
    ["replay", "a FIFO", "cannot read the trace (it is not a regular file (a FIFO, device or socket), not a trace file)"],
    ["explore", "/dev/zero", "cannot read the scenario (it is not a regular file (a FIFO, device or socket), not a scenario file)"],
    ["replay", "/dev/zero", "cannot read the trace (it is not a regular file (a FIFO, device or socket), not a trace file)"],
  ])("%s %s: one line, exit 2", (command, named, reason) => {
    const file = path(named);
    const { status, stdout, stderr } = snaplab(command, file);
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: ${reason}\n` });
  });

  it.each([
    ["explore", "spec", "cannot read the scenario (it is a folder, not a scenario file)"],
    ["replay", "spec", "cannot read the trace (it is a folder, not a trace file)"],
    ["promela", "a file too big", "cannot read the scenario (it is 17 MB, more than the 16 MB a scenario file may be)"],
  ])("%s %s: one line, exit 2", async (command, named, reason) => {
    const file = path(named);
    const { status, stdout, stderr } = await runCli(command, file);
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: ${reason}\n` });
  });
});
