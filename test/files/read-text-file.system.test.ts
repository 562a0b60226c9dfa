import { execFileSync } from "node:child_process";
import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../src/files/read-text-file.js";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

// One line, exit 2, and no hang: the real binary on the files a read would never finish (a FIFO opened
// for reading waits for a writer forever, /dev/zero never ends), `main` in this process on the others.
describe("snaplab on files that are not scenarios or traces", () => {
  const fifo = join(tempDir("fifo"), "pipe.json");
  execFileSync("mkfifo", [fifo]);
  const big = join(tempDir("big"), "big.json");
  writeFileSync(big, "");
  truncateSync(big, MAX_FILE_BYTES + 1);

  it.each([
    ["explore", fifo, "cannot read the scenario (it is not a regular file (a FIFO, device or socket), not a scenario file)"],
    ["promela", fifo, "cannot read the scenario (it is not a regular file (a FIFO, device or socket), not a scenario file)"],
    ["replay", fifo, "cannot read the trace (it is not a regular file (a FIFO, device or socket), not a trace file)"],
    ["explore", "/dev/zero", "cannot read the scenario (it is not a regular file (a FIFO, device or socket), not a scenario file)"],
    ["replay", "/dev/zero", "cannot read the trace (it is not a regular file (a FIFO, device or socket), not a trace file)"],
  ])("%s %s: one line, exit 2", (command, file, reason) => {
    const { status, stdout, stderr } = snaplab(command, file);
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: ${reason}\n` });
  });

  it.each([
    ["explore", "spec", "cannot read the scenario (it is a folder, not a scenario file)"],
    ["replay", "spec", "cannot read the trace (it is a folder, not a trace file)"],
    ["promela", big, "cannot read the scenario (it is 17 MB, more than the 16 MB a scenario file may be)"],
  ])("%s %s: one line, exit 2", async (command, file, reason) => {
    const { status, stdout, stderr } = await runCli(command, file);
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: ${reason}\n` });
  });
});
