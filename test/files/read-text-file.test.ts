import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, readTextFile } from "../../src/files/read-text-file.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const explain = (reason: string): never => {
  throw new Error(reason);
};

describe("readTextFile", () => {
  it("reads a file's text", () => {
    expect(readTextFile("spec/scenarios/two-node.json", explain)).toContain('"two-node"');
  });

  it("leaves out the byte-order mark an editor may start the file with, which JSON.parse refuses", async () => {
    const text = readTextFile("spec/scenarios/two-node.json", explain);
    const file = join(tempDir("bom"), "two-node.json");
    writeFileSync(file, `\uFEFF${text}`);
    expect(readTextFile(file, explain)).toBe(text);
    const { status, stdout } = await runCli("explore", file);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^two-node: chandy-lamport, FIFO channels\n/);
  });

  it("says 'no such file' for a missing file", () => {
    expect(() => readTextFile("spec/scenarios/nowhere.json", explain)).toThrow(/^no such file$/);
  });

  it("says a folder is a folder, in the caller's words", () => {
    expect(() => readTextFile("spec/scenarios", explain, "scenario file")).toThrow(/^it is a folder, not a scenario file$/);
  });

  it("refuses a device without reading it (/dev/zero never ends)", () => {
    expect(() => readTextFile("/dev/zero", explain)).toThrow(/^it is not a regular file \(a FIFO, device or socket\), not a file$/);
  });

  it("refuses a file over the size cap without reading it", () => {
    const file = join(tempDir("big"), "big.json");
    writeFileSync(file, "");
    truncateSync(file, MAX_FILE_BYTES + 1); // sparse: no disk space used
    expect(() => readTextFile(file, explain)).toThrow(/^it is 17 MB, more than the 16 MB a file may be$/);
  });
});
