import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseModelScenario } from "../../src/models/registry.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const twoSnapshots = {
  name: "two-node, two snapshots",
  processes: { P0: 100, P1: 100 },
  programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P0", amount: 20 }] },
  initiators: ["P0", "P1"],
  snapshots: ["P0", "P1"],
};

const file = (json: object) => {
  const path = join(tempDir("several"), "scenario.json");
  writeFileSync(path, JSON.stringify(json));
  return path;
};

describe("a bank scenario with several snapshots", () => {
  it("should check every property per snapshot, in the generic explorer, and list each outcome", async () => {
    const { status, stdout } = await runCli("explore", file(twoSnapshots), "--list-snapshots");
    expect(status).toBe(0);
    expect(stdout).toContain("two-node, two snapshots: chandy-lamport, FIFO channels, 2 snapshots\n  states       514\n");
    expect(stdout).toMatch(/ {2}search {7}generic explorer, breadth-first, .* \(several snapshots in one run: the compact engine models one\)\n/);
    expect(stdout).toContain("  conservation (snapshot 1)      holds\n");
    expect(stdout).toContain("recorded snapshots (each outcome: what every snapshot recorded):\n     1. [0] ");
    expect(stdout.match(/^ +\d+\. \[0\]/gm)).toHaveLength(30);
  });

  it("should save a counterexample a random walk found and replay it", async () => {
    const trace = join(tempDir("several"), "trace.json");
    const found = await runCli("explore", file({ ...twoSnapshots, fifo: false }), "--search", "random", "--walks", "50", "--save-trace", trace);
    expect(found.status).toBe(1);
    const replayed = await runCli("replay", trace.replace(".json", ".conservation (snapshot 0).json"));
    expect(replayed.stdout).toContain("conservation (snapshot 0)");
    expect(replayed.status).toBe(1);
  });

  it.each([
    [{ snapshots: ["P9"] }, 's.json: snapshots[0]: unknown process "P9" (the processes are P0, P1)'],
    [{ snapshots: ["P1"], initiators: ["P0"] }, "s.json: snapshots[0]: P1 starts a snapshot, so it must be listed in initiators"],
    [{ snapshots: [] }, "s.json: snapshots: must be a non-empty list of processes"],
    [{ atomicSend: false }, "s.json: atomicSend: several snapshots in one run need atomic sends (leave atomicSend out)"],
    [
      { algorithm: "defer-after-recording" },
      "s.json: algorithm: several snapshots in one run (snapshots) need rules written for them, and defer-after-recording has none (chandy-lamport has)",
    ],
  ])("should refuse %j in one line naming the field", (fields, message) => {
    expect(() => parseModelScenario(JSON.stringify({ ...twoSnapshots, ...fields }), "s.json")).toThrow(expect.objectContaining({ message }));
  });

  it("should be one of the bank's keys, for a typo to be told of it", () => {
    const { snapshots, ...rest } = twoSnapshots;
    expect(() => parseModelScenario(JSON.stringify({ ...rest, snapshot: snapshots }), "s.json")).toThrow(
      expect.objectContaining({
        message:
          "s.json: snapshot: unknown key, did you mean snapshots? (expected one of model, name, processes, channels, programs, initiators, fifo, atomicSend, lossy, duplicating, algorithm, snapshots)",
      }),
    );
  });

  it("should run the reference rules only", async () => {
    const { status, stderr } = await runCli("explore", file(twoSnapshots), "--algorithm", "defer-after-recording");
    expect([status, stderr]).toEqual([
      2,
      "snaplab: several snapshots in one run (snapshots) need rules written for them: chandy-lamport's, or a learner's file as exercise 6 writes them (--rules); defer-after-recording has none\n",
    ]);
  });
});
