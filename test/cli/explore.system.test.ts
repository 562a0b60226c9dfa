// snaplab explore as a user runs it: the real binary, its streams and its exit status.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { snaplab } from "../support/cli.js";

describe("snaplab explore", () => {
  it("runs as a binary: the report on stdout, nothing on stderr, the exit status", () => {
    const holds = snaplab("explore", "spec/scenarios/two-node.json");
    expect([holds.status, holds.stderr]).toEqual([0, ""]);
    expect(holds.stdout).toMatch(/^ {2}conservation +holds$/m);
    const violated = snaplab("explore", "spec/scenarios/two-node.json", "--no-fifo");
    expect([violated.status, violated.stderr]).toEqual([1, ""]);
    expect(violated.stdout).toMatch(/^ {2}conservation +VIOLATED$/m);
  });

  it("keeps progress off stdout, so --format json output stays one object", () => {
    // Progress asked for at every chance, so that it shows however fast the machine is.
    const env = { ...process.env, SNAPLAB_PROGRESS_EVERY_MS: "0" };
    const { stdout, stderr } = spawnSync(process.execPath, ["bin/snaplab.js", "explore", "spec/scenarios/three-node.json", "--format", "json"], {
      encoding: "utf8",
      env,
    });
    // The object, as snaplab writes JSON (indented), and nothing else.
    expect(stdout).toBe(`${JSON.stringify(JSON.parse(stdout), null, 2)}\n`);
    expect(stderr).toMatch(/^exploring: [\d,]+ states, [\d,]+ states\/s/m);
  });
});
