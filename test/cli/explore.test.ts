import { describe, expect, it } from "vitest";
import { runCli, tempFile } from "../support/cli.js";

describe("snaplab explore", () => {
  it("reports the figures and every property holding for two nodes under FIFO, exit 0", async () => {
    const { status, stdout, stderr } = await runCli("explore", "spec/scenarios/two-node.json");
    expect(status).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^two-node: chandy-lamport, FIFO channels$/m);
    expect(stdout).toMatch(/^ {2}states {7}65$/m);
    expect(stdout).toMatch(/^ {2}executions {3}102$/m);
    for (const property of ["no-ghost-receive", "channel-state", "conservation", "reachable", "termination"]) {
      expect(stdout).toMatch(new RegExp(`^  ${property} +holds$`, "m"));
    }
  });

  it("shows each violation with numbered steps, the recorded snapshot and why, exit 1, under --no-fifo", async () => {
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo");
    expect(status).toBe(1);
    expect(stdout).toMatch(/^ {2}conservation +VIOLATED$/m);
    expect(stdout).toContain(
      [
        "conservation is violated; shortest counterexample, 4 steps:",
        "   1. P0 sends 10 to P1 (P0#1), balance 90",
        "   2. P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1, starts recording P1->P0",
        "   3. deliver marker P0->P1 (overtaking P0#1): P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []",
        "   4. deliver marker P1->P0: closes P1->P0 with []",
        "  recorded: P0 (pc 1, balance 90), P1 (pc 0, balance 100); P0->P1 [], P1->P0 []",
        "  why: recorded 190 (balances 190 + in channels 0), expected 200",
      ].join("\n"),
    );
  });

  it("prints exactly one JSON object with --format json", async () => {
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--format", "json", "--list-snapshots");
    expect(status).toBe(1);
    const report = JSON.parse(stdout);
    // Indented, as grade's and live's JSON are.
    expect(stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(Object.keys(report)).toEqual([
      "scenario",
      "model",
      "algorithm",
      "fifo",
      "states",
      "transitions",
      "executions",
      "snapshots",
      "properties",
      "counterexamples",
      "elapsedMs",
      "snapshotList",
      "search",
    ]);
    expect(report).toMatchObject({
      scenario: "two-node",
      model: "bank",
      algorithm: "chandy-lamport",
      fifo: false,
      states: 127,
      transitions: 189,
      executions: "210",
      snapshots: 20,
      properties: { conservation: "violated", termination: "holds" },
    });
    const lost = report.counterexamples.find((c: { property: string }) => c.property === "conservation");
    // Every JSON report names a counterexample's steps `steps`, in words as the text report numbers them.
    expect(lost).toEqual({
      property: "conservation",
      length: 4,
      reason: "recorded 190 (balances 190 + in channels 0), expected 200",
      steps: [
        "P0 sends 10 to P1 (P0#1), balance 90",
        "P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1, starts recording P1->P0",
        "deliver marker P0->P1 (overtaking P0#1): P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []",
        "deliver marker P1->P0: closes P1->P0 with []",
      ],
      recorded: "P0 (pc 1, balance 90), P1 (pc 0, balance 100); P0->P1 [], P1->P0 []",
    });
    expect(report.snapshotList).toHaveLength(20);
    expect(report.snapshotList).toContainEqual({
      processes: { P0: { pc: 1, balance: 90 }, P1: { pc: 0, balance: 100 } },
      channels: { "P0->P1": [], "P1->P0": [] },
    });
  });

  it("lets --fifo override a scenario that turns FIFO off", async () => {
    const file = tempFile("nofifo.json", {
      processes: { P0: 100, P1: 100 },
      programs: { P0: [{ to: "P1", amount: 10 }] },
      initiators: ["P0"],
      fifo: false,
    });
    expect((await runCli("explore", file)).status).toBe(1);
    expect((await runCli("explore", file, "--fifo")).status).toBe(0);
  });

  it("prints the snapshot table with --list-snapshots", async () => {
    const { stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--list-snapshots");
    expect(stdout).toContain("recorded snapshots (balances, channel contents, total):");
    expect(stdout).toMatch(/^ +# +P0 +P1 +P0->P1 +P1->P0 +total$/m);
    const rows = stdout.split("\n").filter((l) => /^ +\d+ /.test(l));
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.trim().endsWith(" 200"))).toBe(true);
  });

  it("stops at --max-states with a message and exit 2", async () => {
    const { status, stdout, stderr } = await runCli("explore", "spec/scenarios/two-node.json", "--max-states", "10");
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "snaplab: stopped after 10 states (--max-states); raise --max-states, try --reduction por (same verdicts, far fewer states), shrink the scenario, or try --search random (random walks: no proof, but they reach further)\n",
    );
  });
});

describe("snaplab explore, bad input: one line naming the file and the field, exit 2", () => {
  const valid = { processes: { P0: 100, P1: 100 }, programs: { P0: [{ to: "P1", amount: 10 }] }, initiators: ["P0"] };
  const cases: [string, unknown, RegExp][] = [
    ["invalid JSON", "{ nope", /bad\.json: not valid JSON/],
    ["an unknown process", { ...valid, initiators: ["P2"] }, /bad\.json: initiators\[0\]: "P2" is not a process/],
    ["a self-channel", { ...valid, channels: [["P0", "P0"]] }, /bad\.json: channels\[0\]: a process cannot have a channel to itself/],
    ["a non-integer amount", { ...valid, programs: { P0: [{ to: "P1", amount: 2.5 }] } }, /bad\.json: programs\.P0\[0\]\.amount: must be an integer, got 2\.5/],
    ["a send with no channel", { ...valid, channels: [["P1", "P0"]] }, /bad\.json: programs\.P0\[0\]\.to: there is no channel P0->P1/],
    ["an unknown key", { ...valid, colour: "red" }, /bad\.json: colour: unknown key/],
    [
      "a key given twice",
      '{\n  "processes": {\n    "P0": 100,\n    "P1": 100,\n    "P1": 5\n  },\n  "initiators": ["P0"]\n}\n',
      /^snaplab: \S*bad\.json: processes\.P1: given twice, on lines 4 and 5 \(an object may have each key once\)\n$/,
    ],
    ["empty initiators", { ...valid, initiators: [] }, /bad\.json: initiators: must be a non-empty list/],
    [
      "an unknown algorithm",
      { ...valid, algorithm: "magic" },
      /^snaplab: \S*bad\.json: algorithm: unknown algorithm "magic" \(known: chandy-lamport, defer-after-recording\)\n$/,
    ],
  ];
  for (const [what, content, message] of cases) {
    it(`${what}`, async () => {
      const { status, stdout, stderr } = await runCli("explore", tempFile("bad.json", content));
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr.trim().split("\n")).toHaveLength(1);
    });
  }

  it("a missing file", async () => {
    const { status, stderr } = await runCli("explore", "spec/scenarios/nowhere.json");
    expect(status).toBe(2);
    expect(stderr).toBe("snaplab: spec/scenarios/nowhere.json: cannot read the scenario (no such file)\n");
  });

  it("a bad --max-states, an unknown flag, no command", async () => {
    for (const args of [["explore", "spec/scenarios/two-node.json", "--max-states", "-3"], ["explore", "spec/scenarios/two-node.json", "--fast"], []]) {
      const { status, stderr } = await runCli(...args);
      expect(status).toBe(2);
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stderr).toMatch(/^snaplab: /);
    }
  });
});
