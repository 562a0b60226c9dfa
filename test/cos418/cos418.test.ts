import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseEvents } from "../../src/cos418/events.js";
import { parseExpectedSnapshot } from "../../src/cos418/expected-snapshot.js";
import { reachability } from "../../src/cos418/reachability.js";
import { recordedSnapshots, type RecordedSnapshots } from "../../src/cos418/recorded-snapshots.js";
import { cos418Scenario } from "../../src/cos418/to-scenario.js";
import { parseTopology } from "../../src/cos418/topology.js";
import { parseModelScenario } from "../../src/models/registry.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const data = (file: string) => `spec/cos418/${file}`;
const text = (file: string) => readFileSync(data(file), "utf8");
const converted = (name: string) => {
  const topology = parseTopology(text(`${name}.top`), `${name}.top`);
  const events = parseEvents(text(`${name}.events`), `${name}.events`, topology);
  return { topology, events, scenario: cos418Scenario(name, topology, events) };
};

describe("COS418 test data as a snaplab scenario", () => {
  it("should turn servers into processes, links into FIFO channels and each server's sends into its program", () => {
    expect(converted("two-nodes").scenario).toEqual({
      name: "two-nodes",
      processes: { N1: 10, N2: 10 },
      channels: [
        ["N1", "N2"],
        ["N2", "N1"],
      ],
      programs: { N1: [{ to: "N2", amount: 1 }], N2: [{ to: "N1", amount: 3 }] },
      initiators: ["N2"],
      fifo: true,
    });
    expect(converted("two-nodes").events.ticks).toBe(3);
  });

  it("should give several snapshot events to the multi-snapshot bank, numbered in file order", () => {
    const { scenario } = converted("three-nodes");
    expect([scenario.initiators, scenario.snapshots]).toEqual([
      ["N1", "N3"],
      ["N1", "N3"],
    ]);
    const loaded = parseModelScenario(JSON.stringify(scenario), "three-nodes.json");
    expect(loaded.model.runTitle!(loaded.scenario, loaded.model.algorithms.find("chandy-lamport"))).toBe("chandy-lamport, FIFO channels, 2 snapshots");
  });
});

describe("reachability of expected snapshots", () => {
  let together: RecordedSnapshots;
  let alone: RecordedSnapshots;
  beforeAll(() => {
    const { scenario } = converted("three-nodes");
    together = recordedSnapshots(scenario);
    alone = recordedSnapshots(scenario, { severalMaxStates: 100, oneMaxStates: 100 });
  });
  const expected = (file: string) => parseExpectedSnapshot(text(file), file, converted("three-nodes").topology, 2);

  it("should explore all snapshots at once where they fit, else each on its own with reduction, finding the same snapshots", () => {
    expect(together.how).toBe("every interleaving of both snapshots (multi-snapshot bank)");
    expect(alone.how).toBe("every interleaving of each snapshot on its own (too many states for both at once, partial-order reduction)");
    const byId = (r: RecordedSnapshots, id: number) => new Set(r.outcomes.flatMap((o) => (o[id] ? [JSON.stringify(o[id])] : [])));
    for (const id of [0, 1]) expect(byId(alone, id)).toEqual(byId(together, id));
    expect(together.violated).toEqual([]);
  });

  it("should find the hand-derived snapshots, and not one that adds up but breaks FIFO order", () => {
    for (const recorded of [together, alone]) {
      expect(reachability(expected("three-nodes-0.snap"), recorded.outcomes).reachable).toBe(true);
      expect(reachability(expected("three-nodes-1.snap"), recorded.outcomes).reachable).toBe(true);
      const fifo = reachability(expected("three-nodes-1-unreachable.snap"), recorded.outcomes);
      expect([fifo.reachable, fifo.closest?.distance]).toEqual([false, 8]);
    }
  });
});

describe("snaplab cos418", () => {
  it("should count in words that agree with the count: 1 link, 1 distinct outcome", async () => {
    const dir = tempDir("cos418");
    writeFileSync(join(dir, "one.top"), "2\nN1 10\nN2 5\nN1 N2\n");
    writeFileSync(join(dir, "twice.events"), "snapshot N1\nsnapshot N1\n");
    const { status, stdout } = await runCli("cos418", join(dir, "one.top"), join(dir, "twice.events"));
    expect(status).toBe(0);
    expect(stdout).toMatch(/^twice: 2 servers, 1 link, 0 sends, 2 snapshots\n.*\n {2}recorded {4}1 distinct outcome\n/);
  });

  it("should say which expected snapshots are reachable, exit 1 for one token too many, naming the closest recorded one", async () => {
    const { status, stdout } = await runCli(
      "cos418",
      data("two-nodes.top"),
      data("two-nodes.events"),
      "--expect",
      data("two-nodes.snap"),
      data("two-nodes-one-too-many.snap"),
    );
    expect(status).toBe(1);
    expect(stdout).toBe(
      [
        "two-nodes: 2 servers, 2 links, 2 sends, 1 snapshot (3 ticks dropped: every interleaving is explored)",
        "  explored    65 states, every interleaving",
        "  recorded    6 distinct snapshots",
        "  properties  all hold",
        "",
        "  spec/cos418/two-nodes.snap               snapshot 0  reachable",
        "  spec/cos418/two-nodes-one-too-many.snap  snapshot 0  NOT reachable",
        "    expected: N1 10, N2 10; N1 N2 token(1)",
        "    closest:  N1 9, N2 10; N1 N2 token(1) (1 token off)",
        "",
      ].join("\n"),
    );
  });

  it("should exit 0 when every expected snapshot is reachable, and write the scenario for snaplab explore", async () => {
    const out = join(tempDir("cos418"), "two-nodes.json");
    const { status } = await runCli("cos418", data("two-nodes.top"), data("two-nodes.events"), "--expect", data("two-nodes.snap"), "--save-scenario", out);
    expect(status).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(converted("two-nodes").scenario);
    const explored = await runCli("explore", out, "--format", "json");
    expect([explored.status, JSON.parse(explored.stdout).states]).toEqual([0, 65]);
  });

  it.each([
    ["the topology", "x.top"],
    ["the events", "x.events"],
    ["an expected snapshot", "x.snap"],
  ])("should refuse --save-scenario naming %s it reads, leaving that file as it was", async (what, name) => {
    const dir = tempDir("cos418");
    for (const f of ["top", "events", "snap"]) writeFileSync(join(dir, `x.${f}`), text(`two-nodes.${f}`));
    const { status, stderr } = await runCli(
      "cos418",
      join(dir, "x.top"),
      join(dir, "x.events"),
      "--expect",
      join(dir, "x.snap"),
      "--save-scenario",
      join(dir, name),
    );
    expect([status, stderr]).toEqual([2, `snaplab: ${join(dir, name)}: cannot write the scenario, it is ${what} read (--save-scenario names another file)\n`]);
    expect(readFileSync(join(dir, name), "utf8")).toBe(text(`two-nodes.${name.slice(2)}`));
  });

  it.each([
    ["two-nodes.top", "2\nN1 10\nN2 ten\n", 'x.top:3: tokens must be a whole number, got "ten"'],
    ["two-nodes.top", "3\nN1 10\nN2 10\n", "x.top:3: 3 servers announced on line 1, 2 listed"],
    ["two-nodes.top", "3\nN1 10\nN2 10\nN1 N2\n", 'x.top:4: expected a server "<id> <tokens>", got the link "N1 N2": 3 servers announced on line 1, 2 listed'],
    ["two-nodes.top", "2\nN1 10\nN1 N2\nN2 N1\n", 'x.top:3: expected a server "<id> <tokens>", got the link "N1 N2": 2 servers announced on line 1, 1 listed'],
    ["two-nodes.top", "2\nN1 10\nN2 10\nN1 N3\n", "x.top:4: unknown server N3 (the servers are N1, N2)"],
    ["two-nodes.events", "send N1 N2 1\nsnapshot N9\n", "x.events:2: unknown server N9 (the servers are N1, N2)"],
    ["two-nodes.events", "# comment\nsend N1 N2\n", 'x.events:2: expected "send <src> <dst> <tokens>", got "send N1 N2"'],
    ["two-nodes.events", "send N1 N2 1\n", "x.events: no snapshot event: there is nothing to record"],
    ["two-nodes.snap", "0\nN1 9\nN2 10\nN1 N2 tokens(1)\n", 'x.snap:4: expected a message "token(<n>)", got "tokens(1)"'],
    ["two-nodes.snap", "1\nN1 9\nN2 10\n", "x.snap:1: no snapshot 1: the events start 1 snapshot (ids 0 to 0)"],
    ["two-nodes.snap", "0\nN1 9\n", "x.snap: no tokens given for N2"],
    // The ids reach every report, and the messages quote the words: an escape sequence in them reached the terminal.
    ["two-nodes.top", "2\nN1 10\nN\u001b[31m2 10\nN1 N2\n", "x.top:3: a line cannot hold control characters (only spaces and tabs between words)"],
    ["two-nodes.events", "send N1 N2 1\nsnapshot N1\u0007\n", "x.events:2: a line cannot hold control characters (only spaces and tabs between words)"],
  ])("should refuse a bad %s in one line naming the file and line", async (replaced, content, message) => {
    const extension = replaced.slice(replaced.indexOf("."));
    const file = join(tempDir("cos418"), `x${extension}`);
    writeFileSync(file, content);
    const files = ["two-nodes.top", "two-nodes.events"].map((f) => (f === replaced ? file : data(f)));
    const snap = extension === ".snap" ? ["--expect", file] : [];
    const { status, stderr } = await runCli("cos418", ...files, ...snap);
    expect([status, stderr]).toEqual([2, `snaplab: ${message.replace(`x${extension}`, file)}\n`]);
  });
});
