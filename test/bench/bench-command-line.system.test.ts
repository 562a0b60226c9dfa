// A mistake on `npm run bench`'s command line stops it in one line, exit 2, before it runs anything.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("npm run bench's command line", () => {
  it("should refuse a mistake in one line, exit 2, before running anything", () => {
    // Through tsx rather than bench/bundled.mjs: the arguments are read alike, and no bundle is written to share.
    const run = spawnSync(process.execPath, ["--import", "tsx", "bench/run.ts", "--runs", "two"], { encoding: "utf8" });
    expect([run.status, run.stderr, run.stdout]).toEqual([2, "bench: --runs two: must be an integer of at least 1\n", ""]);
  });
});
