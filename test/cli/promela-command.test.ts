import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp-dir.js";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

const run = (...args: string[]) => runCli("promela", ...args);

describe("snaplab promela", () => {
  it("should write the model to the file named by --out, with FIFO overridden", async () => {
    const out = join(tempDir("tmp"), "two-node.pml");
    expect(await run("spec/scenarios/two-node.json", "--no-fifo", "--out", out)).toEqual({ status: 0, stdout: "", stderr: "" });
    const model = readFileSync(out, "utf8");
    expect(model).toContain("non-FIFO channels");
    expect(model).toContain("active proctype bank()");
  });

  it("should refuse a scenario that names other rules, naming the file and the field", async () => {
    const file = join(tempDir("tmp"), "defer.json");
    writeFileSync(file, JSON.stringify({ processes: { P0: 1 }, initiators: ["P0"], algorithm: "defer-after-recording" }));
    expect(await run(file)).toEqual({
      status: 2,
      stdout: "",
      stderr: `snaplab: ${file}: algorithm: snaplab promela writes the reference chandy-lamport rules only, not defer-after-recording\n`,
    });
  });
});

// The output path is checked before the scenario is read, so a typo costs nothing and prints no stack trace.
describe("snaplab promela --out", () => {
  it.each([
    [
      "into a missing folder",
      (dir: string) => join(dir, "missing", "model.pml"),
      (out: string) => `cannot write the model, there is no folder ${join(out, "..")}`,
    ],
    ["onto a folder", (dir: string) => dir, () => "cannot write the model, it is a folder (--out names a file)"],
  ])("%s: one line, exit 2", async (_case, outIn, problem) => {
    const out = outIn(tempDir("out"));
    const { status, stdout, stderr } = await run("spec/scenarios/two-node.json", "--out", out);
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${out}: ${problem(out)}\n` });
  });
});
