/**
 * The logs of one run of a cluster, gathered from its nodes' machines, put
 * together: one log per process of the cluster, every one written for that
 * cluster file, all of the same run. The run's logs name each other: each
 * node tells the neighbours it connects to which run it is, and they log it
 * (event-log.ts), so a log kept from an earlier run of the same cluster is
 * caught. Each log must hold every event of its process that the others
 * heard of: one copied while its node was still writing it would make the
 * checker find money made from nothing. Then the run as the checker sees it
 * (check-run.ts), read off the logs alone: `snaplab check-logs` checks it, as
 * `snaplab live` checks the runs it starts.
 *
 * A process without a log is refused rather than checked without it: every
 * snapshot's cut holds its recorded state and its incoming channels, and the
 * money its balance, and even a node that was killed leaves its log up to the
 * kill.
 */
import { resolve } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Cluster } from "./cluster.js";
import { isTick } from "./event-log.js";
import { type NodeLog, readEventLog } from "./read-event-log.js";
import type { LiveRun } from "./run-live.js";
import { formatDuration } from "../render/duration.js";

/** The logs `files` of a run of `cluster` (read from `clusterFile`), one per process, in the scenario's order of processes. */
export function readClusterLogs(cluster: Cluster, clusterFile: string, files: readonly string[]): NodeLog[] {
  const { processes, channels } = cluster.scenario;
  const fail = (message: string): never => {
    throw new SnaplabError("BAD_LOG", message);
  };
  const logs = files.map((file) => readEventLog(file, cluster));
  const byProcess = new Map<string, NodeLog>();
  for (const log of logs) {
    const { file, header } = log;
    if (header.cluster !== cluster.digest) {
      fail(
        `${file}: the log of a run of another cluster file (its header says cluster ${short(header.cluster)}, ${clusterFile} is ${short(cluster.digest)}): give the logs of a run of ${clusterFile}`,
      );
    }
    if (!processes.includes(header.process)) fail(`${file}: the log of ${header.process}, which is not a process of ${clusterFile} (${processes.join(", ")})`);
    const other = byProcess.get(header.process);
    if (other) {
      const twice = resolve(other.file) === resolve(file);
      fail(`${twice ? `${file} is given twice` : `${other.file} and ${file} are both ${header.process}'s log`}: give one log per process`);
    }
    byProcess.set(header.process, log);
  }
  const missing = processes.filter((p) => !byProcess.has(p));
  if (missing.length > 0) {
    const given = logs.map((log) => `${log.file} (${log.header.process})`).join(", ");
    fail(
      `no log of ${missing.join(", ")}: ${clusterFile} has processes ${processes.join(", ")}, and the logs given are ${given}; ` +
        "every process's log is needed to check a snapshot (a node killed mid-run still leaves its log up to the kill)",
    );
  }
  const ordered = processes.map((p) => byProcess.get(p)!);
  for (const log of ordered) {
    for (const [c, run] of log.peers) {
      const sender = ordered[channels[c]!.from]!;
      if (run !== sender.header.run) {
        fail(
          `${log.file} and ${sender.file} are logs of different runs: ${log.header.process} heard ${sender.header.process} of run ${run} on ${channels[c]!.id}, ` +
            `but ${sender.file} is of run ${sender.header.run}: give the logs of one run`,
        );
      }
    }
  }
  for (const log of ordered) {
    if (log.end?.how === "failed") fail(`${log.file}: ${log.header.process}'s node failed${log.end.why ? `: ${log.end.why}` : ""}`);
  }
  const early = endsEarly(ordered);
  if (early) {
    const { log, heardIn, heard, held } = early;
    const p = log.header.process;
    fail(
      `${log.file}: the log ends before the run did: ${heardIn.file} shows ${heard} events of ${p} (in its vector clocks), and the log holds ${held}: ` +
        `it was copied while ${p}'s node was still writing it, or cut short; give each log once its node has ended`,
    );
  }
  return ordered;
}

/**
 * The first log that ends before the run did: another log's vector clocks count more events of its process than it
 * holds. A node writes each event to its log before the message that tells of it leaves (live-node.ts), so even the
 * log of a node killed mid-run holds every event of its that the others heard of, and only a log copied while its
 * node was still writing it (or cut short on its way) lacks one.
 */
function endsEarly(logs: readonly NodeLog[]): { log: NodeLog; heardIn: NodeLog; heard: number; held: number } | undefined {
  // One log per process, in the scenario's order: a clock has a count for each.
  const latest = logs.map((log) => latestClock(log, logs.length));
  for (const [p, log] of logs.entries()) {
    const held = latest[p]![p]!;
    for (const [q, other] of logs.entries()) {
      if (latest[q]![p]! > held) return { log, heardIn: other, heard: latest[q]![p]!, held };
    }
  }
  return undefined;
}

/** Per process (of `processes`), the most events of its that a log's clocks count. */
function latestClock(log: NodeLog, processes: number): number[] {
  const latest = new Array<number>(processes).fill(0);
  for (const event of log.events) if (isTick(event)) event.vc.forEach((t, i) => (latest[i] = Math.max(latest[i]!, t)));
  return latest;
}

/** The run of `cluster` its logs show: its start and end are those of its first and last line; its processes ended as their end lines say. */
export function loggedRun(cluster: Cluster, logs: readonly NodeLog[]): LiveRun {
  // Loops, not Math.min(...): a long run's logs hold more events than a function takes arguments.
  let startedAt = Number.POSITIVE_INFINITY;
  let endedAt = Number.NEGATIVE_INFINITY;
  const seen = (t: number) => {
    startedAt = Math.min(startedAt, t);
    endedAt = Math.max(endedAt, t);
  };
  for (const log of logs) {
    for (const event of log.events) if ("t" in event) seen(event.t);
    if (log.end) seen(log.end.t);
  }
  // A run that logged no time at all (no transfers, no snapshots, every node killed at once).
  if (startedAt > endedAt) [startedAt, endedAt] = [0, 0];
  // A moment of the run, written as --kill takes one.
  const at = (t: number) => formatDuration(Math.round(t - startedAt));
  // snaplab live stops every node still running with the same order: any one that says it was at the --timeout says so for the run.
  const timedOutAfterMs = logs.find((log) => log.end?.timeoutMs !== undefined)?.end?.timeoutMs;
  const timedOut = logs.filter((log) => log.end?.timeoutMs !== undefined).map((log) => log.header.process);
  // The nodes that did not end on their own: they were stopped, killed, or their machine was.
  const unended = logs.flatMap((log) => {
    const p = log.header.process;
    if (log.end?.timeoutMs !== undefined) return [];
    if (log.end?.how === "stopped") return [`${p} was stopped at ${at(log.end.t)} (snaplab live ended the run)`];
    if (log.end) return [];
    const last = lastTime(log);
    const stops = last === undefined ? `${p}'s log holds no event` : `${p}'s log stops at ${at(last)}`;
    const how = log.cutShort ? "its last line cut short: it was killed while writing it" : `${p} was killed (or its machine stopped) before it finished`;
    return [`${stops}, ${how}`];
  });
  return {
    options: {
      scenario: cluster.scenario,
      transfers: cluster.transfers,
      seed: cluster.seed,
      rate: cluster.rate,
      snapshots: cluster.snapshots,
      rules: cluster.rules,
      network: cluster.scenario.fifo ? "tcp" : "reorder",
      kills: [],
    },
    logs: logs.map((log) => log.events),
    killed: [],
    startedAt,
    endedAt,
    cutShort: timedOutAfterMs === undefined && unended.length === 0 ? undefined : [...stoppedAtTimeout(timedOut, timedOutAfterMs), ...unended].join("; "),
    timedOutAfterMs,
  };
}

/** How a run stopped at its --timeout of `timeoutMs` says so, whether snaplab live tells it or its nodes' logs do. */
export const timeoutReached = (timeoutMs: number): string => `stopped at the timeout, ${formatDuration(timeoutMs)} after the start (--timeout)`;

/** The nodes snaplab live stopped at its --timeout of `timeoutMs`, in one sentence (none if it did not). */
function stoppedAtTimeout(processes: readonly string[], timeoutMs: number | undefined): string[] {
  if (timeoutMs === undefined) return [];
  return [`${processes.join(", ")} ${processes.length === 1 ? "was" : "were"} ${timeoutReached(timeoutMs)}`];
}

/** The time of a log's last event that has one. */
function lastTime(log: NodeLog): number | undefined {
  for (let i = log.events.length - 1; i >= 0; i--) {
    const event = log.events[i]!;
    if ("t" in event) return event.t;
  }
  return undefined;
}

/** A digest's first twelve digits: enough to tell two apart in a message. */
const short = (digest: string): string => digest.slice(0, 12);
