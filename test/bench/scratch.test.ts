// The bench writes every file into one scratch folder per run and removes it at the end, so a run
// leaves nothing in the temporary folder (it once left a folder per command it ran).
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeScratch, scratchFolder } from "../../bench/scratch.js";

describe("the bench's scratch folder", () => {
  afterAll(removeScratch);

  it("should hold every folder the bench makes, one root for them all, and leave nothing once removed", () => {
    const time = scratchFolder("time");
    const spin = scratchFolder("spin");
    expect(time).not.toBe(spin);
    expect(dirname(time)).toBe(dirname(spin));
    writeFileSync(join(spin, "model.pml"), "init {}\n");
    expect(removeScratch()).toBe(true);
    expect([existsSync(time), existsSync(spin), existsSync(dirname(time))]).toEqual([false, false, false]);
  });
});
