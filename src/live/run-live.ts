/**
 * The coordinator of a live run: starts one node process per bank process,
 * hands out the addresses (through a reorder relay per channel if asked),
 * starts them all at once, kills the processes it was told to kill, and ends
 * the run: when every node has stopped, or a moment after the data is done
 * (snapshots that are not complete by then will not be), or at the timeout.
 * Everything it starts it stops, also when snaplab itself is interrupted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { newProcessFolder, sweepFoldersLeft } from "../files/process-folder.js";
import type { Scenario } from "../models/bank/scenario.js";
import { scenarioJson } from "../models/bank/scenario-json.js";
import { type ClusterJson, formatCluster, loadCluster } from "./cluster.js";
import { readClusterLogs, timeoutReached } from "./cluster-logs.js";
import { type LiveEvent, now } from "./event-log.js";
import { builtFile } from "../package/built-files.js";
import type { NodeOrder, NodeReport } from "./node-control.js";
import { type Relay, startRelay } from "./reorder-relay.js";
import { lineSplitter } from "./wire.js";
import { mulberry32 } from "../explore/seeded-random.js";
import { processSeed } from "./workload.js";
import { formatDuration } from "../render/duration.js";
import type { Readable } from "node:stream";

export type Network = "tcp" | "reorder";

export interface LiveOptions {
  readonly scenario: Scenario;
  readonly transfers: number;
  readonly seed: number;
  /** Transfers per second in all; 0 for no cap. */
  readonly rate: number;
  readonly snapshots: number;
  readonly rules: { readonly algorithm: string } | { readonly file: string };
  readonly network: Network;
  /** Processes to kill with SIGKILL, each at a time after the start. */
  readonly kills: readonly { readonly process: string; readonly atMs: number }[];
  /** The run is stopped this long after the start, whatever is left. */
  readonly timeoutMs: number;
  /** The folder to keep the run's cluster file and its nodes' logs in (snaplab check-logs reads them); if none, a temporary one. */
  readonly logFolder?: string;
}

export interface LiveRun {
  /** What was run: the coordinator's limit and folder aside, which a run read from its logs alone does not know. */
  readonly options: Omit<LiveOptions, "timeoutMs" | "logFolder">;
  /** Per process, its event log. */
  readonly logs: readonly (readonly LiveEvent[])[];
  /** The processes killed, with the time (ms after the start) they were. */
  readonly killed: readonly { readonly process: string; readonly atMs: number }[];
  readonly startedAt: number;
  readonly endedAt: number;
  /** Why the run was ended before every node stopped on its own, if it was. */
  readonly cutShort: string | undefined;
  /** The --timeout the run was stopped at, if that is how it ended: a limit reached, not a verdict on the rules. */
  readonly timedOutAfterMs: number | undefined;
}

/** A node makes a little garbage per message: a larger young generation collects it a third as often. */
const NODE_FLAGS = ["--max-semi-space-size=16"];
/** Once the data is done everywhere, snapshots still open get this long to finish. */
const SETTLE_MS = 1000;
/** A stopped node that has not exited this long after is killed. */
const EXIT_WAIT_MS = 2000;

interface Node {
  readonly name: string;
  readonly child: ChildProcess;
  port?: number;
  connected: boolean;
  dataDone: boolean;
  exited: boolean;
  killed: boolean;
  stderr: string;
}

/** Where a run keeps the cluster file its nodes run and each process's event log, in `folder` (--logs, else a temporary one). */
export function runFiles(folder: string): { cluster: string; log: (process: string) => string } {
  return { cluster: join(folder, "cluster.json"), log: (process) => join(folder, `${process}.events.jsonl`) };
}

export async function runLive(options: LiveOptions): Promise<LiveRun> {
  const { scenario } = options;
  // Those of runs killed outright, whose clean-up never ran.
  sweepFoldersLeft(tmpdir(), "live");
  const folder = newProcessFolder(tmpdir(), "live");
  const relays: Relay[] = [];
  const nodes: Node[] = [];
  const timers: NodeJS.Timeout[] = [];
  const killAll = () => nodes.forEach((n) => !n.exited && n.child.kill("SIGKILL"));
  const cleanUp = () => {
    timers.forEach(clearTimeout);
    killAll();
    relays.forEach((r) => r.close());
    rmSync(folder, { recursive: true, force: true });
  };
  // Ctrl-C or a kill of snaplab: take every process of the run down with it.
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const logFolder = options.logFolder ?? folder;
    const { cluster: clusterFile, log: logFile } = runFiles(logFolder);
    writeFileSync(clusterFile, formatCluster(clusterOf(options)));
    const reports = new Map<string, (node: Node, report: NodeReport) => void>();
    let exitedEarly: (node: Node) => void = () => {};
    const entry = builtFile("live-node.mjs");
    for (const name of scenario.processes) {
      // Orders on stdin, reports on fd 3; the node's stdout, where the rules may print, is this process's stderr.
      const child = spawn(process.execPath, [...NODE_FLAGS, entry, "--id", name, "--cluster", clusterFile, "--log", logFile(name)], {
        stdio: ["pipe", 2, "pipe", "pipe"],
      });
      const node: Node = { name, child, connected: false, dataDone: false, exited: false, killed: false, stderr: "" };
      nodes.push(node);
      (child.stdio[3] as Readable).on(
        "data",
        lineSplitter((line) => {
          const report = JSON.parse(line) as NodeReport;
          reports.get(report.type)?.(node, report);
        }),
      );
      child.stderr!.on("data", (chunk) => (node.stderr += chunk));
      child.stdin!.on("error", () => {});
      // "close", not "exit": by then its stderr is read to the end, for the reason it failed.
      child.on("close", () => {
        node.exited = true;
        exitedEarly(node);
      });
    }
    const order = (node: Node, message: NodeOrder) => !node.exited && node.child.stdin!.write(`${JSON.stringify(message)}\n`);

    // Every node listening and connected, or the first that gave up says why.
    const phase = (type: NodeReport["type"], done: (node: Node) => boolean, on: (node: Node, report: NodeReport) => void) =>
      new Promise<void>((resolvePhase, reject) => {
        reports.set(type, (node, report) => {
          on(node, report);
          if (nodes.every(done)) resolvePhase();
        });
        exitedEarly = (node) => reject(nodeFailure(node));
        timers.push(
          setTimeout(() => reject(new SnaplabError("LIVE_START", `the nodes did not start within ${formatDuration(options.timeoutMs)}`)), options.timeoutMs),
        );
      });
    await phase(
      "listening",
      (n) => n.port !== undefined,
      (node, report) => (node.port = (report as { port: number }).port),
    );
    const random = mulberry32(processSeed(options.seed, 1 << 20));
    const target = new Map<string, number>();
    for (const channel of scenario.channels) {
      const port = nodes[channel.to]!.port!;
      if (options.network === "reorder") {
        const relay = await startRelay(port, mulberry32(Math.floor(random() * 2 ** 32)));
        relays.push(relay);
        target.set(channel.id, relay.port);
      } else target.set(channel.id, port);
    }
    const connected = phase(
      "connected",
      (n) => n.connected,
      (node) => (node.connected = true),
    );
    nodes.forEach((node, p) => {
      const channels = Object.fromEntries(scenario.channels.filter((c) => c.from === p).map((c) => [c.id, target.get(c.id)!]));
      order(node, { type: "addresses", channels });
    });
    await connected;
    timers.forEach(clearTimeout);

    // The run proper.
    const startedAt = now();
    nodes.forEach((node) => order(node, { type: "start" }));
    const killed: { process: string; atMs: number }[] = [];
    for (const kill of options.kills) {
      const node = nodes[scenario.processes.indexOf(kill.process)]!;
      timers.push(
        setTimeout(() => {
          if (node.exited) return;
          node.killed = true;
          node.child.kill("SIGKILL");
          killed.push({ process: kill.process, atMs: Math.round(now() - startedAt) });
        }, kill.atMs),
      );
    }
    // The first node to fail: the others may fail after it, because of it (a peer gone mid-write). Told once
    // its stderr is read to the end (below): at its exit the last line may not have arrived.
    let failed: Node | undefined;
    const { cutShort, timedOutAfterMs } = await new Promise<Pick<LiveRun, "cutShort" | "timedOutAfterMs">>((end) => {
      let settling: NodeJS.Timeout | undefined;
      const stopAll = (why: string, timeoutMs?: number) => {
        nodes.forEach((node) => order(node, { type: "stop", ...(timeoutMs === undefined ? {} : { timeoutMs }) }));
        timers.push(setTimeout(killAll, EXIT_WAIT_MS));
        end({ cutShort: why, timedOutAfterMs: timeoutMs });
      };
      const check = () => {
        const running = nodes.filter((n) => !n.exited);
        if (running.length === 0) return end({ cutShort: undefined, timedOutAfterMs: undefined });
        if (settling === undefined && running.every((n) => n.dataDone)) {
          settling = setTimeout(
            () => stopAll(`stopped ${formatDuration(SETTLE_MS)} after the last transfer was delivered, with snapshots still open`),
            SETTLE_MS,
          );
          timers.push(settling);
        }
      };
      reports.set("data-done", (node) => {
        node.dataDone = true;
        check();
      });
      exitedEarly = (node) => {
        if (!failed && !node.killed && node.child.exitCode !== 0) failed = node;
        if (failed) return stopAll(`${failed.name} failed`);
        check();
      };
      timers.push(setTimeout(() => stopAll(timeoutReached(options.timeoutMs), options.timeoutMs), options.timeoutMs));
      check();
    });
    await Promise.all(nodes.map((node) => (node.exited ? undefined : new Promise((r) => node.child.once("close", r)))));
    const endedAt = now();
    const failure = failed ?? nodes.find((n) => !n.killed && n.child.exitCode !== 0 && n.child.exitCode !== null);
    if (failure) throw nodeFailure(failure);
    // Read as snaplab check-logs reads a run's logs, which checks they are the logs of this run.
    const logs = readClusterLogs(loadCluster(clusterFile), clusterFile, scenario.processes.map(logFile)).map((log) => log.events);
    return { options, logs, killed, startedAt, endedAt, cutShort, timedOutAfterMs };
  } finally {
    cleanUp();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}

function nodeFailure(node: Node): SnaplabError {
  const said = node.stderr.trim().split("\n").pop() ?? "";
  return new SnaplabError(
    "LIVE_NODE",
    said !== "" ? said.replace(/^snaplab node /, "") : `${node.name} stopped with status ${node.child.exitCode ?? node.child.signalCode}`,
  );
}

function clusterOf(options: LiveOptions): ClusterJson {
  const { scenario } = options;
  // The programs are drawn live: the cluster's scenario carries the bank alone, and whether the network keeps order.
  const bank = scenarioJson({ ...scenario, programs: scenario.processes.map(() => []) });
  return {
    scenario: { ...bank, fifo: options.network === "tcp" },
    hosts: Object.fromEntries(scenario.processes.map((p) => [p, "127.0.0.1:0"])),
    transfers: options.transfers,
    seed: options.seed,
    rate: options.rate,
    snapshots: options.snapshots,
    ...("file" in options.rules ? { rules: resolve(options.rules.file) } : { algorithm: options.rules.algorithm }),
  };
}
