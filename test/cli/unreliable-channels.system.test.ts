// Unreliable channels at the real binary: a mistake in a fault field is one line and exit 2; a
// lossy run's counterexample is drawn with its ✕, saved, and replayed to the same violation.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { snaplab, tempFile } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("snaplab on unreliable channels", () => {
  it("should refuse a fault on a channel that does not exist, in one line", () => {
    const file = tempFile("bad.json", { processes: { P0: 1, P1: 1 }, channels: [["P0", "P1"]], initiators: ["P0"], lossy: ["P1->P0"] });
    expect(snaplab("explore", file)).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: lossy[0]: there is no channel P1->P0\n` });
  });

  it("should draw, save and replay a lost marker", () => {
    const trace = join(tempDir("faults"), "t.json");
    const run = snaplab("explore", "spec/scenarios/lossy-transfer.json", "--save-trace", trace);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("  4   │        ✕    ·   P0->P1 loses a marker\n");
    const replay = snaplab("replay", trace);
    expect([replay.status, replay.stdout]).toEqual([1, expect.stringContaining("reproduced: termination is violated after step 4")]);
  });
});
