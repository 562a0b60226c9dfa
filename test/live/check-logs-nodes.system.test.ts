/**
 * `snaplab check-logs` on the logs of real runs. Three `snaplab node`
 * processes, each on a host of its own (a network namespace where this
 * process may make one, else a loopback address: the test's name says which),
 * run bank.json's bank from one cluster file and exit; their logs, gathered,
 * are checked as a user checks them. And a run whose snapshots a non-FIFO
 * network broke: `snaplab live --network reorder`, its logs kept with --logs,
 * checked again by check-logs, which must find what live found. And the log
 * of a node copied while the node was still writing it, which check-logs
 * refuses as incomplete rather than find the money made from nothing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCluster, loadCluster } from "../../src/live/cluster.js";
import { readClusterLogs } from "../../src/live/cluster-logs.js";
import type { LiveJson } from "../../src/live/live-report.js";
import { loadTrace } from "../../src/trace/read-trace-file.js";
import { replayTrace } from "../../src/trace/replay.js";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { freePort } from "./free-port.js";
import { canMakeNamespaces, type Hosts, loopbackHosts, namespaceHosts, namespacesLeft } from "./network-namespaces.js";
import { isAlive, waitFor } from "./processes.js";

const PROCESSES = ["A", "B", "C"];
const inNamespaces = canMakeNamespaces();
const where = inNamespaces
  ? "each in a network namespace of its own (10.231.0.1-3, veth pairs on a bridge)"
  : "each on a loopback address of its own (127.0.0.2-4: this process may not make network namespaces)";

/** Waits for a node to exit, killing it at `limitMs`; its exit code (null if it had to be killed). */
function exitOf(child: ChildProcess, limitMs = 60_000): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe(`three snaplab node processes, ${where}`, () => {
  let cluster: string;
  let logs: string[];
  let hosts: Hosts | undefined;
  const started: ChildProcess[] = [];
  let exits: (number | null)[];

  beforeAll(async () => {
    const folder = tempDir("nodes");
    cluster = join(folder, "cluster.json");
    logs = PROCESSES.map((p) => join(folder, `${p}.events.jsonl`));
    hosts = inNamespaces ? namespaceHosts(PROCESSES.length) : loopbackHosts(PROCESSES.length);
    // In a namespace of its own a host has every port free; on loopback one is looked for.
    const ports = await Promise.all(hosts.addresses.map((address) => (inNamespaces ? 7100 : freePort(address))));
    const bank = { ...JSON.parse(readFileSync("spec/scenarios/bank.json", "utf8")), programs: {} };
    const addresses = Object.fromEntries(PROCESSES.map((p, h) => [p, `${hosts!.addresses[h]}:${ports[h]}`]));
    writeFileSync(cluster, formatCluster({ scenario: bank, hosts: addresses, transfers: 300, seed: 1, rate: 0, snapshots: 3, algorithm: "chandy-lamport" }));
    for (const [h, p] of PROCESSES.entries()) {
      started.push(hosts.start(h, process.execPath, ["bin/snaplab.js", "node", "--id", p, "--cluster", cluster, "--log", logs[h]!]));
    }
    exits = await Promise.all(started.map((child) => exitOf(child)));
  });

  afterAll(async () => {
    try {
      for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await Promise.all(started.map((child) => (child.exitCode === null && child.signalCode === null ? exitOf(child) : undefined)));
    } finally {
      hosts?.remove();
    }
    expect(namespacesLeft()).toEqual([]);
    expect(started.filter((child) => child.pid !== undefined && isAlive(child.pid))).toEqual([]);
  });

  it("run the bank and exit on their own once their snapshots are complete", () => {
    expect(exits).toEqual([0, 0, 0]);
  });

  it("leave logs that check-logs finds every property holding in, the money conserved (exit 0)", () => {
    const text = snaplab("check-logs", "--cluster", cluster, ...logs);
    expect([text.status, text.stderr]).toEqual([0, ""]);
    expect(text.stdout).toMatch(/^bank live: 3 processes, 6 channels over TCP \(FIFO\), chandy-lamport, seed 1\n/);
    expect(text.stdout).toContain("\n  money        300 at the start, 300 at the end  holds\n");
    expect(text.stdout.match(/^snapshot \d \(initiator A\): complete in [\d.]+ ms, recorded 300 of 300$/gm)).toHaveLength(3);
    expect(text.stdout).toMatch(/\nevery property holds in all 3 snapshots\n$/);
    const json = JSON.parse(snaplab("check-logs", "--cluster", cluster, ...logs, "--format", "json").stdout) as LiveJson;
    expect(json.transfers + json.skipped).toBe(300);
    expect(json.money).toEqual({ start: 300, end: 300, inFlight: 0, verdict: "holds" });
  });

  it("leave logs that name each other: each node logged the run of every neighbour that connected to it", () => {
    const bank = loadCluster(cluster);
    const read = readClusterLogs(bank, cluster, logs);
    // On each channel, the receiver heard the sender's own run.
    const heard = bank.scenario.channels.map((c, i) => read[c.to]!.peers.get(i));
    expect(heard).toEqual(bank.scenario.channels.map((c) => read[c.from]!.header.run));
    expect(new Set(heard).size).toBe(PROCESSES.length);
  });

  it("leave logs that say whose they are: check-logs refuses one of another cluster file, naming it", async () => {
    // A's log from a live run of the same bank, whose cluster file is not this one.
    const other = tempDir("other-run");
    expect((await runCli("live", "spec/scenarios/bank.json", "--transfers", "20", "--snapshots", "1", "--logs", other)).status).toBe(0);
    const mixed = snaplab("check-logs", "--cluster", cluster, join(other, "A.events.jsonl"), logs[1]!, logs[2]!);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(
      new RegExp(`^snaplab: ${join(other, "A.events.jsonl")}: the log of a run of another cluster file \\(its header says cluster \\w{12}, `),
    );
    expect(mixed.stderr.split("\n")).toHaveLength(2);
  });
});

describe("the logs of snaplab node processes on 127.0.0.1, one copied while its node was still writing it", () => {
  it("are refused, naming the copy that ends before the run did (the money once did not add up), exit 2", async () => {
    const folder = tempDir("copied-early");
    const cluster = join(folder, "cluster.json");
    const bank = { ...JSON.parse(readFileSync("spec/scenarios/bank.json", "utf8")), programs: {} };
    const hosts = Object.fromEntries(await Promise.all(PROCESSES.map(async (p) => [p, `127.0.0.1:${await freePort()}`])));
    writeFileSync(cluster, formatCluster({ scenario: bank, hosts, transfers: 300, seed: 1, rate: 0, snapshots: 1, algorithm: "chandy-lamport" }));
    const logs = PROCESSES.map((p) => join(folder, `${p}.events.jsonl`));
    const start = (h: number) =>
      spawn(process.execPath, ["bin/snaplab.js", "node", "--id", PROCESSES[h]!, "--cluster", cluster, "--log", logs[h]!], { stdio: "ignore" });
    const started = [start(0)];
    try {
      // A's log copied as soon as it has its header: A cannot send before B and C listen, so the copy lacks every
      // event of A's run, which B and C hear of.
      await waitFor(() => (existsSync(logs[0]!) && readFileSync(logs[0]!, "utf8").includes("\n") ? true : undefined));
      const copy = join(folder, "A-copied.events.jsonl");
      copyFileSync(logs[0]!, copy);
      started.push(start(1), start(2));
      expect(await Promise.all(started.map((child) => exitOf(child)))).toEqual([0, 0, 0]);
      const checked = snaplab("check-logs", "--cluster", cluster, copy, logs[1]!, logs[2]!);
      expect([checked.status, checked.stdout]).toEqual([2, ""]);
      // B hears of A's events (A's marker reaches it, whatever A's transfers): how many depends on the race.
      expect(checked.stderr.replace(/ shows \d+ events /, " shows N events ")).toBe(
        `snaplab: ${copy}: the log ends before the run did: ${logs[1]} shows N events of A (in its vector clocks), and the log holds 0: ` +
          "it was copied while A's node was still writing it, or cut short; give each log once its node has ended\n",
      );
      // The whole of A's log, once A has ended, is checked.
      expect(snaplab("check-logs", "--cluster", cluster, ...logs).status).toBe(0);
    } finally {
      for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});

describe("the logs of snaplab live, kept with --logs", () => {
  it("of two runs of one cluster file are told apart: check-logs refuses them mixed, naming the logs", async () => {
    // Two runs with the same options write the same cluster file: only the runs the nodes heard tell their logs apart.
    const [first, second] = [tempDir("first-run"), tempDir("second-run")];
    for (const folder of [first, second])
      expect((await runCli("live", "spec/scenarios/bank.json", "--transfers", "20", "--snapshots", "1", "--logs", folder)).status).toBe(0);
    expect(readFileSync(join(first, "cluster.json"), "utf8")).toBe(readFileSync(join(second, "cluster.json"), "utf8"));
    const mixed = await runCli(
      "check-logs",
      "--cluster",
      join(first, "cluster.json"),
      join(first, "A.events.jsonl"),
      join(second, "B.events.jsonl"),
      join(first, "C.events.jsonl"),
    );
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(
      /^snaplab: \S+ and \S+ are logs of different runs: \w heard \w of run \w{16} on \w->\w, but \S+ is of run \w{16}: give the logs of one run\n$/,
    );
    expect(mixed.stderr).toContain(join(second, "B.events.jsonl"));
  });

  it("of a run whose node failed say so: check-logs refuses them with the node's reason, as live did", async () => {
    const folder = tempDir("failed-run");
    const rules = join(folder, "rules.ts");
    writeFileSync(
      rules,
      'export const rules = { name: "throws", initiate: () => { throw new Error("not yet"); }, onMarker: () => [], onMessage: () => [] };\n',
    );
    const live = await runCli("live", "spec/scenarios/bank.json", "--transfers", "100", "--rules", rules, "--logs", folder);
    const checked = await runCli("check-logs", "--cluster", join(folder, "cluster.json"), ...PROCESSES.map((p) => join(folder, `${p}.events.jsonl`)));
    expect([live.status, checked.status]).toEqual([2, 2]);
    const reason = `initiate at A (snapshot 0) threw: not yet (${rules}:1:64) (a live run calls the rules once per snapshot, with one snapshot's view, as exercises 1, 2 and 5 write them)`;
    expect(live.stderr).toBe(`snaplab: A: ${reason}\n`);
    expect(checked.stderr).toBe(`snaplab: ${join(folder, "A.events.jsonl")}: A's node failed: ${reason}\n`);
  });
});

describe("the logs of snaplab live --network reorder, kept with --logs", () => {
  let traceFile: string;
  let live: { status: number; json: LiveJson };
  let checked: { status: number; json: LiveJson };
  beforeAll(async () => {
    const folder = tempDir("reorder-logs");
    traceFile = join(folder, "trace.json");
    const logs = PROCESSES.map((p) => join(folder, `${p}.events.jsonl`));
    const ran = await runCli("live", "spec/scenarios/bank.json", "--transfers", "300", "--network", "reorder", "--logs", folder, "--format", "json");
    live = { status: ran.status!, json: JSON.parse(ran.stdout) };
    const again = await runCli("check-logs", "--cluster", join(folder, "cluster.json"), ...logs, "--format", "json", "--save-trace", traceFile);
    checked = { status: again.status!, json: JSON.parse(again.stdout) };
  });

  it("are checked as non-FIFO, with the same broken snapshots and reasons as live found (exit 1 both)", () => {
    expect([live.status, checked.status]).toEqual([1, 1]);
    expect(checked.json.network).toBe("reorder");
    const broken = checked.json.snapshots.filter((s) => Object.values(s.properties).includes("violated"));
    expect(broken.length).toBeGreaterThan(0);
    // The rate is measured from another start (live's order to start, the first logged event): the rest is the same.
    const { transfersPerSecond: _l, ...fromLive } = live.json;
    const { transfersPerSecond: _c, ...fromLogs } = checked.json;
    expect(fromLogs).toEqual(fromLive);
  });

  it("give a trace of the first broken snapshot that the model replays to the same violation", () => {
    const trace = loadTrace(traceFile);
    expect(trace.scenario.fifo).toBe(false);
    expect(replayTrace(trace).reproduces).toBe(true);
    const first = checked.json.snapshots.find((s) => Object.values(s.properties).includes("violated"))!;
    expect(first.properties[trace.violation!.property]).toBe("violated");
  });
});
