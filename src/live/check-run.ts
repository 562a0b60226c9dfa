/**
 * Checks a live run against the bank's properties. Each snapshot is read off
 * the logs as the model's state at the end of the run: the transfers each
 * process made become its program, what it recorded its local snapshot, what
 * each receiver recorded on a channel that channel's state. Then the very
 * checks of properties.ts run on it: no-ghost-receive, channel-state,
 * conservation, reachable and termination. Over the whole run, the money at
 * the end (balances, and what was still in flight) must be the money at the
 * start.
 */
import { bankProperties } from "../models/bank/properties.js";
import type { BankState, ChannelRecording, DataMessage, ProcessState } from "../models/bank/bank-state.js";
import { isSnapshotComplete } from "../models/bank/bank-state.js";
import { totalMoney, type Scenario, type Transfer } from "../models/bank/scenario.js";
import type { LiveEvent } from "./event-log.js";
import type { LiveRun } from "./run-live.js";
import { initiatorOf } from "./workload.js";
import { formatDuration } from "../render/duration.js";

/** The properties checked on each snapshot, in the order of spec/model.md. */
export const LIVE_PROPERTIES = ["no-ghost-receive", "channel-state", "conservation", "reachable", "termination"] as const;

/**
 * A property's verdict on a snapshot: it holds, it is violated, or it is not judged, the run having been stopped at its
 * --timeout before the snapshot could complete (whether it would have is not known: a limit was reached, as explore's
 * --max-states is).
 */
export type PropertyVerdict =
  | { readonly name: string; readonly verdict: "holds" }
  | { readonly name: string; readonly verdict: "violated"; readonly reason: string }
  | { readonly name: string; readonly verdict: "not judged"; readonly reason: string };

export interface SnapshotCheck {
  readonly id: number;
  readonly initiator: string;
  readonly complete: boolean;
  /** From the initiation to the last channel closed; undefined while incomplete. */
  readonly latencyMs: number | undefined;
  /** Recorded balances plus recorded channels; undefined while incomplete. */
  readonly recordedTotal: number | undefined;
  readonly realTotal: number;
  readonly properties: readonly PropertyVerdict[];
}

export interface RunCheck {
  readonly run: LiveRun;
  /** The bank as the model sees this run: its programs are the transfers made. */
  readonly scenario: Scenario;
  readonly snapshots: readonly SnapshotCheck[];
  readonly transfers: number;
  /** Transfers not made: the sender held nothing and no money came, or its channels were gone. */
  readonly skipped: number;
  readonly transfersPerSecond: number;
  readonly markersSent: number;
  readonly money: {
    readonly start: number;
    readonly end: number;
    readonly inFlight: number;
    readonly verdict: Exclude<PropertyVerdict, { verdict: "not judged" }>;
  };
}

/** One process's run as read from its log. */
interface ProcessLog {
  readonly program: Transfer[];
  /** Credited deliveries, in order. */
  readonly credited: string[];
  readonly sentAmount: number;
  readonly creditedAmount: number;
  readonly delivered: Set<string>;
}

export function checkRun(run: LiveRun): RunCheck {
  const live = run.options.scenario;
  const logs = run.logs.map(readProcess);
  const scenario: Scenario = {
    ...live,
    programs: logs.map((log) => log.program),
    fifo: run.options.network === "tcp",
    algorithm: "file" in run.options.rules ? run.options.rules.file : run.options.rules.algorithm,
  };
  const properties = bankProperties(scenario).filter((p) => (LIVE_PROPERTIES as readonly string[]).includes(p.name));
  const killed = run.killed.map((k) => `${k.process} was killed at ${formatDuration(k.atMs)}`);
  const snapshots = Array.from({ length: run.options.snapshots }, (_, s): SnapshotCheck => {
    const initiator = initiatorOf(scenario, s);
    const state = snapshotState(scenario, run.logs, logs, s);
    const complete = isSnapshotComplete(state);
    const verdicts = properties.map((property): PropertyVerdict => {
      const reason = property.check(state);
      if (reason === undefined) return { name: property.name, verdict: "holds" };
      if (property.name !== "termination") return { name: property.name, verdict: "violated", reason };
      const why = [killed.join(", "), run.cutShort].filter(Boolean).join("; ");
      return { name: property.name, verdict: run.timedOutAfterMs === undefined ? "violated" : "not judged", reason: why ? `${reason}: ${why}` : reason };
    });
    const closedAt = endOf(run.logs, s);
    const started = run.logs[initiator]!.find((e) => e.e === "initiate" && e.s === s);
    return {
      id: s,
      initiator: scenario.processes[initiator]!,
      complete,
      latencyMs: complete && started && "t" in started ? closedAt - started.t : undefined,
      recordedTotal: complete ? recordedTotal(state) : undefined,
      realTotal: totalMoney(scenario),
      properties: verdicts,
    };
  });

  const start = totalMoney(scenario);
  const end = logs.reduce((sum, log, p) => sum + live.initialBalances[p]! - log.sentAmount + log.creditedAmount, 0);
  const delivered = new Set(logs.flatMap((log) => [...log.delivered]));
  const inFlight = logs.reduce((sum, log) => sum + log.program.filter((t) => !delivered.has(t.messageId)).reduce((s, t) => s + t.amount, 0), 0);
  const moneyHolds = end + inFlight === start;
  const transfers = logs.reduce((sum, log) => sum + log.program.length, 0);
  const lastData = Math.max(
    run.startedAt,
    latest(run.logs, (e) => e.e === "deliver" || e.e === "send"),
  );
  const seconds = Math.max(lastData - run.startedAt, 1) / 1000;
  return {
    run,
    scenario,
    snapshots,
    transfers,
    skipped: run.logs.reduce((sum, log) => sum + log.reduce((n, e) => n + (e.e === "done" ? e.skipped : 0), 0), 0),
    transfersPerSecond: Math.round(transfers / seconds),
    markersSent: run.logs.reduce((sum, log) => sum + log.filter((e) => e.e === "marker-out").length, 0),
    money: {
      start,
      end,
      inFlight,
      verdict: moneyHolds
        ? { name: "money", verdict: "holds" }
        : { name: "money", verdict: "violated", reason: `the balances end with ${end} and ${inFlight} is in flight, but the bank started with ${start}` },
    },
  };
}

function readProcess(log: readonly LiveEvent[]): ProcessLog {
  const program: Transfer[] = [];
  const credited: string[] = [];
  const delivered = new Set<string>();
  let sentAmount = 0;
  let creditedAmount = 0;
  let last: { id: string; a: number } | undefined;
  for (const event of log) {
    if (event.e === "send") {
      program.push({ messageId: event.id, channel: event.c, amount: event.a });
      sentAmount += event.a;
    } else if (event.e === "deliver") {
      credited.push(event.id);
      delivered.add(event.id);
      creditedAmount += event.a;
      last = event;
    } else if (event.e === "buffer" && last) {
      credited.pop();
      creditedAmount -= last.a;
    }
  }
  return { program, credited, sentAmount, creditedAmount, delivered };
}

/** Snapshot s as the model's state at the end of the run. */
function snapshotState(scenario: Scenario, raw: readonly (readonly LiveEvent[])[], logs: readonly ProcessLog[], s: number): BankState {
  const recordings: ChannelRecording[] = scenario.channels.map(() => ({ status: "idle" }));
  const processes = logs.map((log, p): ProcessState => {
    let recorded: ProcessState["recorded"] = null;
    for (const event of raw[p]!) {
      if (!("s" in event) || event.s !== s) continue;
      if (event.e === "record") recorded = { pc: event.pc, balance: event.b, received: log.credited.slice(0, event.n).sort() };
      else if (event.e === "open") recordings[event.c] = { status: "open", messages: [] };
      else if (event.e === "keep") {
        const r = recordings[event.c]!;
        const message: DataMessage = { kind: "data", id: event.id, amount: event.a };
        recordings[event.c] = { status: "open", messages: [...(r.status === "idle" ? [] : r.messages), message] };
      } else if (event.e === "close") {
        const r = recordings[event.c]!;
        recordings[event.c] = { status: "closed", messages: r.status === "idle" ? [] : r.messages };
      }
    }
    const balance = scenario.initialBalances[p]! - log.sentAmount + log.creditedAmount;
    return { pc: log.program.length, balance, received: [...log.credited].sort(), recorded };
  });
  return { processes, channels: recordings.map((recording) => ({ queue: [], recording })) };
}

function recordedTotal(state: BankState): number {
  const balances = state.processes.reduce((sum, p) => sum + (p.recorded?.balance ?? 0), 0);
  const channels = state.channels.reduce((sum, c) => sum + (c.recording.status === "idle" ? 0 : c.recording.messages.reduce((t, m) => t + m.amount, 0)), 0);
  return balances + channels;
}

/**
 * The latest time among the events `which` picks, in every node's log (-Infinity for none). A loop: the logs of
 * a long run hold hundreds of thousands of events, more than `Math.max(...)` takes as arguments.
 */
/**
 * When snapshot `s` ended: its last channel closing, or its last recording, which is timed by the event it is an
 * effect of (a snapshot of one process, with no channel to close, ends when the initiator records).
 */
function endOf(logs: readonly (readonly LiveEvent[])[], s: number): number {
  let time = Number.NEGATIVE_INFINITY;
  for (const log of logs) {
    let before = Number.NEGATIVE_INFINITY;
    for (const event of log) {
      if ("t" in event) before = event.t;
      if ((event.e === "close" || event.e === "record") && event.s === s && before > time) time = before;
    }
  }
  return time;
}

function latest(logs: readonly (readonly LiveEvent[])[], which: (event: LiveEvent) => boolean): number {
  let time = Number.NEGATIVE_INFINITY;
  for (const log of logs) for (const event of log) if ("t" in event && which(event) && event.t > time) time = event.t;
  return time;
}
