/**
 * `snaplab check-logs` on logs written by hand, in this process: a two-process
 * run small enough to work out its report by hand, the same run with a
 * snapshot broken or a node killed, and every way a set of logs can be wrong,
 * each refused in one line naming the file, exit 2.
 *
 * The run: P0 sends P0#1 (5) to P1, then starts snapshot 0; P1 receives
 * P0#1, then the marker, and records 105 having received it; P0 records 95
 * after one send. Both channels are recorded empty: 95 + 105 = 200.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatCluster, loadCluster } from "../../src/live/cluster.js";
import { EVENT_LOG_FORMAT, EVENT_LOG_VERSION, EventLogWriter } from "../../src/live/event-log.js";
import type { LiveJson } from "../../src/live/live-report.js";
import { readEventLog } from "../../src/live/read-event-log.js";
import { SHIVIZ_REGEX } from "../../src/render/shiviz-log.js";
import { loadTrace } from "../../src/trace/read-trace-file.js";
import { parseTrace } from "../../src/trace/load-trace.js";
import { formatTrace } from "../../src/trace/saved-trace.js";
import { brokenSnapshotTrace } from "../../src/live/broken-snapshot-trace.js";
import { checkRun } from "../../src/live/check-run.js";
import { loggedRun, readClusterLogs } from "../../src/live/cluster-logs.js";
import { liveTextReport } from "../../src/live/live-report.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { replayTrace } from "../../src/trace/replay.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { twoProcessBank } from "./two-process-bank.js";

type Line = Record<string, unknown>;

const P0: Line[] = [
  { e: "hello", c: 1, run: "run-of-p1" },
  { e: "send", t: 1000, vc: [1, 0], c: 0, id: "P0#1", a: 5 },
  { e: "initiate", t: 1001, vc: [2, 0], s: 0 },
  { e: "record", s: 0, pc: 1, b: 95, n: 0 },
  { e: "marker-out", s: 0, c: 0 },
  { e: "open", s: 0, c: 1 },
  { e: "done", t: 1002, skipped: 0 },
  { e: "marker-in", t: 1005, vc: [3, 2], c: 1, s: 0 },
  { e: "close", s: 0, t: 1005, c: 1 },
  { e: "end", t: 1006, how: "finished" },
];
const P1: Line[] = [
  { e: "hello", c: 0, run: "run-of-p0" },
  { e: "done", t: 1000.5, skipped: 0 },
  { e: "deliver", t: 1003, vc: [1, 1], c: 0, id: "P0#1", a: 5 },
  { e: "marker-in", t: 1004, vc: [2, 2], c: 0, s: 0 },
  { e: "record", s: 0, pc: 0, b: 105, n: 1 },
  { e: "marker-out", s: 0, c: 1 },
  { e: "open", s: 0, c: 0 },
  { e: "close", s: 0, t: 1004, c: 0 },
  { e: "end", t: 1007, how: "finished" },
];

interface Run {
  readonly folder: string;
  readonly cluster: string;
  readonly p0: string;
  readonly p1: string;
}

/** Writes the cluster file and the two logs, each as a node writes it: its header, then a line per object (or text as given). */
function writeRun(logs: { p0?: (Line | string)[]; p1?: (Line | string)[]; fifo?: boolean; rules?: string } = {}): Run {
  const folder = tempDir("check-logs");
  const cluster = join(folder, "cluster.json");
  const scenario = { ...twoProcessBank, ...(logs.fifo === false ? { fifo: false } : {}) };
  const rules = logs.rules === undefined ? { algorithm: "chandy-lamport" } : { rules: logs.rules };
  const hosts = { P0: "10.231.0.1:7100", P1: "10.231.0.2:7100" };
  writeFileSync(cluster, formatCluster({ scenario, hosts, transfers: 1, seed: 1, rate: 0, snapshots: 1, ...rules }));
  const digest = loadCluster(cluster).digest;
  const write = (process: string, run: string, lines: (Line | string)[]) => {
    const file = join(folder, `${process}.events.jsonl`);
    const header = { format: "snaplab-event-log", version: 1, process, cluster: digest, run };
    writeFileSync(file, [header, ...lines].map((line) => (typeof line === "string" ? line : `${JSON.stringify(line)}\n`)).join(""));
    return file;
  };
  return { folder, cluster, p0: write("P0", "run-of-p0", logs.p0 ?? P0), p1: write("P1", "run-of-p1", logs.p1 ?? P1) };
}

/** `text` as a regular expression matching itself. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const check = (run: Run, ...more: string[]) => runCli("check-logs", "--cluster", run.cluster, run.p0, run.p1, ...more);

/** `lines` with the line at `index` changed by `change` (a field set, or removed when undefined). */
const edited = (lines: Line[], index: number, change: Line): Line[] =>
  lines.map((line, i) => (i !== index ? line : Object.fromEntries(Object.entries({ ...line, ...change }).filter(([, v]) => v !== undefined))));

describe("snaplab check-logs on a run of one process", () => {
  // One process has no channel to close: its snapshot ends when it records, in its initiation (it said "-Infinity ms").
  it("gives the snapshot's latency as 0 ms, in text and JSON", async () => {
    const folder = tempDir("check-logs");
    const cluster = join(folder, "cluster.json");
    const scenario = { name: "one", processes: { P0: 100 }, channels: [], programs: {}, initiators: ["P0"] };
    writeFileSync(
      cluster,
      formatCluster({ scenario, hosts: { P0: "10.231.0.1:7100" }, transfers: 0, seed: 1, rate: 0, snapshots: 1, algorithm: "chandy-lamport" }),
    );
    const log = join(folder, "P0.events.jsonl");
    const lines: Line[] = [
      { format: "snaplab-event-log", version: 1, process: "P0", cluster: loadCluster(cluster).digest, run: "run-of-p0" },
      { e: "initiate", t: 1001, vc: [1], s: 0 },
      { e: "record", s: 0, pc: 0, b: 100, n: 0 },
      { e: "done", t: 1002, skipped: 0 },
      { e: "end", t: 1003, how: "finished" },
    ];
    writeFileSync(log, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const text = await runCli("check-logs", "--cluster", cluster, log);
    expect([text.status, text.stderr]).toEqual([0, ""]);
    expect(text.stdout.split("\n")[0]).toBe("one live: 1 process, 0 channels over TCP (FIFO), chandy-lamport, seed 1");
    expect(text.stdout).toContain("\nsnapshot 0 (initiator P0): complete in 0.0 ms, recorded 100 of 100\n");
    const json = await runCli("check-logs", "--cluster", cluster, log, "--format", "json");
    expect((JSON.parse(json.stdout) as LiveJson).snapshots[0]!.latencyMs).toBe(0);
  });
});

describe("snaplab check-logs on a run worked out by hand", () => {
  it("prints the report snaplab live prints: the money, the snapshot and each property (exit 0)", async () => {
    const result = await check(writeRun());
    expect([result.status, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toBe(
      [
        "two live: 2 processes, 2 channels over TCP (FIFO), chandy-lamport, seed 1",
        // One transfer in the 3 ms from the first event (1000) to the last delivery (1003).
        "  transfers    1 (333/s)",
        "  markers      2 sent",
        "  money        200 at the start, 200 at the end  holds",
        "",
        // From P0's initiation (1001) to the last channel closed (1005).
        "snapshot 0 (initiator P0): complete in 4.0 ms, recorded 200 of 200",
        "  no-ghost-receive  holds",
        "  channel-state     holds",
        "  conservation      holds",
        "  reachable         holds",
        "  termination       holds",
        "",
        "every property holds in the one snapshot",
        "",
      ].join("\n"),
    );
  });

  it("prints the same as JSON, and the run as a ShiViz log", async () => {
    const run = writeRun();
    const shiviz = join(run.folder, "run.shiviz");
    const result = await check(run, "--format", "json", "--shiviz", shiviz);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout) as LiveJson).toMatchObject({
      scenario: "two",
      network: "tcp",
      transfers: 1,
      money: { start: 200, end: 200, inFlight: 0, verdict: "holds" },
      killed: [],
      snapshots: [{ id: 0, initiator: "P0", complete: true, latencyMs: 4, recordedTotal: 200, realTotal: 200, reasons: {} }],
    });
    // The five events that have a clock, in an order that respects it: P1's delivery after P0's send, its marker's arrival after P0's initiation.
    const [regex, , ...events] = readFileSync(shiviz, "utf8").trimEnd().split("\n");
    expect(regex).toBe(SHIVIZ_REGEX);
    expect(events.filter((_, i) => i % 2 === 1)).toEqual(['P0 {"P0":1}', 'P0 {"P0":2}', 'P1 {"P0":1,"P1":1}', 'P1 {"P0":2,"P1":2}', 'P0 {"P0":3,"P1":2}']);
  });

  it("finds a recorded balance that does not add up: conservation and reachable violated (exit 1)", async () => {
    const result = await check(writeRun({ p1: edited(P1, 4, { b: 106 }) }), "--format", "json");
    expect(result.status).toBe(1);
    const [snapshot] = (JSON.parse(result.stdout) as LiveJson).snapshots;
    expect(snapshot!.recordedTotal).toBe(201);
    expect(Object.keys(snapshot!.reasons)).toEqual(["conservation", "reachable"]);
    expect(snapshot!.reasons.conservation).toBe("recorded 201 (balances 201 + in channels 0), expected 200");
  });

  // P0 records and sends the marker, then sends P0#1, which overtakes the marker: P1 records having received it.
  const ghostP0: Line[] = [
    { e: "hello", c: 1, run: "run-of-p1" },
    { e: "initiate", t: 1000, vc: [1, 0], s: 0 },
    { e: "record", s: 0, pc: 0, b: 100, n: 0 },
    { e: "marker-out", s: 0, c: 0 },
    { e: "open", s: 0, c: 1 },
    { e: "send", t: 1001, vc: [2, 0], c: 0, id: "P0#1", a: 5 },
    { e: "done", t: 1001, skipped: 0 },
    { e: "marker-in", t: 1005, vc: [3, 2], c: 1, s: 0 },
    { e: "close", s: 0, t: 1005, c: 1 },
    { e: "end", t: 1006, how: "finished" },
  ];
  const ghostP1: Line[] = [
    { e: "hello", c: 0, run: "run-of-p0" },
    { e: "done", t: 1000, skipped: 0 },
    { e: "deliver", t: 1002, vc: [2, 1], c: 0, id: "P0#1", a: 5 },
    { e: "marker-in", t: 1003, vc: [2, 2], c: 0, s: 0 },
    { e: "record", s: 0, pc: 0, b: 105, n: 1 },
    { e: "marker-out", s: 0, c: 1 },
    { e: "open", s: 0, c: 0 },
    { e: "close", s: 0, t: 1003, c: 0 },
    { e: "end", t: 1006, how: "finished" },
  ];

  it("finds a ghost receive on a network that does not keep order, and saves a trace the model reproduces", async () => {
    const run = writeRun({ p0: ghostP0, p1: ghostP1, fifo: false });
    const traceFile = join(run.folder, "trace.json");
    const result = await check(run, "--save-trace", traceFile);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^two live: 2 processes, 2 channels over reordering relays \(non-FIFO\), chandy-lamport, seed 1\n/);
    expect(result.stdout).toContain(
      "  no-ghost-receive  VIOLATED\n    why: P1 recorded receiving P0#1, but P0 recorded after 0 sends, before sending it\n  channel-state     holds\n  conservation      VIOLATED\n",
    );
    const replay = replayTrace(loadTrace(traceFile));
    expect(replay.reproduces).toBe(true);
    // The cut is checked once complete: at P1's marker, the last step.
    expect(loadTrace(traceFile).actions).toEqual(["initiate P0", "send P0", "deliver P0->P1 P0#1", "deliver P0->P1 marker", "deliver P1->P0 marker"]);
  });

  it("saves the trace of a run with a learner's rules file as made with that file, even one named like an algorithm", () => {
    const run = writeRun({ p0: ghostP0, p1: ghostP1, fifo: false, rules: "chandy-lamport.ts" });
    const cluster = loadCluster(run.cluster);
    const checked = checkRun(loggedRun(cluster, readClusterLogs(cluster, run.cluster, [run.p0, run.p1])));
    // The file's rules name themselves as the reference algorithm does (bundling them would start a process): replay must not take them for it.
    const text = formatTrace(brokenSnapshotTrace(checked, { ...chandyLamport })!);
    const saved = JSON.parse(text) as Record<string, unknown>;
    const file = join(run.folder, "chandy-lamport.ts");
    expect([saved.rules, "algorithm" in saved]).toEqual([file, false]);
    expect(() => replayTrace(parseTrace(text, "trace.json"))).toThrow(
      `trace.json: rules: made with the rules file ${file}, which replay runs only when given it (snaplab replay trace.json --rules ${file})`,
    );
  });
});

describe("snaplab check-logs on the logs of a node that was killed", () => {
  it("leaves out a last line cut short, and says whose log stops where", async () => {
    // P1 killed after its part of the snapshot, while writing a line: no end line.
    const result = await check(writeRun({ p1: [...P1.slice(0, -1), '{"e":"deliver","t":10'] }));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("\n  ended        P1's log stops at 4ms, its last line cut short: it was killed while writing it\n");
    expect(result.stdout).toMatch(/\nevery property holds in the one snapshot\n$/);
  });

  it("says which snapshot could not complete and why, when the node was killed before the marker came", async () => {
    // P1 killed after the delivery; P0, left waiting for P1's marker, stopped by hand (no end line either).
    const run = writeRun({ p0: P0.slice(0, 7), p1: P1.slice(0, 3) });
    const result = await check(run, "--format", "json");
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as LiveJson;
    const stops =
      "P0's log stops at 2ms, P0 was killed (or its machine stopped) before it finished; P1's log stops at 3ms, P1 was killed (or its machine stopped) before it finished";
    expect(report.ended).toBe(stops);
    expect(report.money.verdict).toBe("holds");
    expect(report.snapshots[0]!.reasons).toEqual({
      termination: `the run ended with the snapshot incomplete (never recorded: P1; never closed: P0->P1, P1->P0): ${stops}`,
    });
  });

  it("writes the times of kills as snaplab live's report gives them, as --kill takes them", () => {
    const run = writeRun({ p0: P0.slice(0, 7), p1: P1.slice(0, 3) });
    const cluster = loadCluster(run.cluster);
    const logged = loggedRun(cluster, readClusterLogs(cluster, run.cluster, [run.p0, run.p1]));
    // What snaplab live knows besides the logs: it killed P1 at 2ms (--kill P1@2ms), and the run was over before P0's time (--kill P0@1min).
    const kills = [
      { process: "P1", atMs: 2 },
      { process: "P0", atMs: 60_000 },
    ];
    const text = liveTextReport(checkRun({ ...logged, killed: kills.slice(0, 1), options: { ...logged.options, kills } }));
    expect(text).toContain("\n  killed       P1 at 2ms\n  not killed   P0 at 1min: the run had ended, at 3ms\n");
    expect(text).toContain("\n  ended        P0's log stops at 2ms, P0 was killed (or its machine stopped) before it finished; P1's log stops at 3ms,");
    expect(text).toContain("never closed: P0->P1, P1->P0): P1 was killed at 2ms; P0's log stops at 2ms,");
  });

  it("finds the money not adding up in a log that lost a line, and says why under the money line", async () => {
    // P0's log damaged: its send of P0#1 and its end line lost. P1 was credited 5 that nobody paid.
    const result = await check(writeRun({ p0: [P0[0]!, ...P0.slice(2, -1)] }));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      "\n  money        200 at the start, 205 at the end  VIOLATED\n    why: the balances end with 205 and 0 is in flight, but the bank started with 200\n  ended        P0's log stops at 5ms, P0 was killed",
    );
  });

  it("reads a log whose node was stopped by snaplab live, and says so", async () => {
    const result = await check(writeRun({ p1: edited(P1, 8, { how: "stopped" }) }));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("\n  ended        P1 was stopped at 7ms (snaplab live ended the run)\n");
  });
});

describe("snaplab check-logs, given logs it cannot check", () => {
  const header = (run: Run) => JSON.parse(readFileSync(run.p0, "utf8").split("\n")[0]!) as Line;
  const changed = (file: string, from: string, to: string) => writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
  /** Each case: what is wrong, then, given a good run, the command line's arguments after --cluster and the line it must print. */
  const cases: [string, (run: Run) => [string[], string]][] = [
    ["a log that is not there", (run) => [[run.p0, `${run.p1}.gz`], `${run.p1}.gz: cannot read the log (no such file)`]],
    ["a folder", (run) => [[run.p0, run.folder], `${run.folder}: cannot read the log (it is a folder)`]],
    [
      "an empty file",
      (run) => (
        writeFileSync(run.p1, ""), [[run.p0, run.p1], `${run.p1}: empty, not an event log of snaplab node, whose first line says which process and run it is`]
      ),
    ],
    [
      "a header cut short",
      (run) => (
        writeFileSync(run.p1, '{"format":"snaplab-ev'),
        [
          [run.p0, run.p1],
          `${run.p1}: its header is cut short (the node was killed as it began its log), not an event log of snaplab node, whose first line says which process and run it is`,
        ]
      ),
    ],
    [
      "a log without a header (an event first)",
      (run) => (
        writeFileSync(run.p1, P1.map((line) => `${JSON.stringify(line)}\n`).join("")),
        [[run.p0, run.p1], `${run.p1}:1: not an event log of snaplab node: its first line must be the header, {"format":"snaplab-event-log", ...}`]
      ),
    ],
    [
      "a log of another version",
      (run) => (
        writeFileSync(run.p1, `${JSON.stringify({ ...header(run), version: 2 })}\n`),
        [[run.p0, run.p1], `${run.p1}:1: version 2 of the event log: this snaplab reads version 1`]
      ),
    ],
    [
      "the logs of a run of another cluster file",
      (run) => {
        const other = join(run.folder, "other.json");
        writeFileSync(other, readFileSync(run.cluster, "utf8").replace('"seed": 1', '"seed": 2'));
        const [mine, theirs] = [loadCluster(run.cluster).digest.slice(0, 12), loadCluster(other).digest.slice(0, 12)];
        return [
          ["--cluster", other, run.p0, run.p1],
          `${run.p0}: the log of a run of another cluster file (its header says cluster ${mine}, ${other} is ${theirs}): give the logs of a run of ${other}`,
        ];
      },
    ],
    [
      "a process the cluster does not have",
      (run) => (
        writeFileSync(run.p1, `${JSON.stringify({ ...header(run), process: "P7" })}\n`),
        [[run.p0, run.p1], `${run.p1}: the log of P7, which is not a process of ${run.cluster} (P0, P1)`]
      ),
    ],
    ["one log given twice", (run) => [[run.p0, run.p0, run.p1], `${run.p0} is given twice: give one log per process`]],
    [
      "two logs of one process",
      (run) => {
        const copy = join(run.folder, "P0-again.events.jsonl");
        writeFileSync(copy, readFileSync(run.p0));
        return [[run.p0, copy, run.p1], `${run.p0} and ${copy} are both P0's log: give one log per process`];
      },
    ],
    [
      "a process without a log",
      (run) => [
        [run.p0],
        `no log of P1: ${run.cluster} has processes P0, P1, and the logs given are ${run.p0} (P0); every process's log is needed to check a snapshot (a node killed mid-run still leaves its log up to the kill)`,
      ],
    ],
    [
      "the logs of two runs",
      // P1's log from a later run of the same cluster: P0 heard another P1 on its incoming channel.
      (run) => (
        changed(run.p1, '"run":"run-of-p1"', '"run":"a-later-run"'),
        [
          [run.p0, run.p1],
          `${run.p0} and ${run.p1} are logs of different runs: P0 heard P1 of run run-of-p1 on P1->P0, but ${run.p1} is of run a-later-run: give the logs of one run`,
        ]
      ),
    ],
    [
      "a line that is not JSON",
      (run) => (changed(run.p1, '"c":0,"id"', '"c":0 "id"'), [[run.p0, run.p1], `${run.p1}:4:42: not JSON (Expected ',' or '}' after property value)`]),
    ],
    [
      "a clock of the wrong size",
      (run) => (
        changed(run.p0, '"vc":[2,0]', '"vc":[2,0,0]'),
        [[run.p0, run.p1], `${run.p0}:4:26: initiate: vc must be a vector clock, 2 counts, one per process, got [2,0,0]`]
      ),
    ],
    [
      "a channel the cluster does not have",
      (run) => (
        changed(run.p0, '"marker-out","s":0,"c":0', '"marker-out","s":0,"c":2'),
        [[run.p0, run.p1], `${run.p0}:6:25: marker-out: c must be a channel's index (0 to 1), got 2`]
      ),
    ],
    ["a field missing", (run) => (changed(run.p0, ',"a":5', ""), [[run.p0, run.p1], `${run.p0}:3:1: send: a is missing`])],
    [
      "an event it does not know",
      (run) => (
        changed(run.p0, '"e":"done"', '"e":"finish"'),
        [
          [run.p0, run.p1],
          `${run.p0}:8:2: unknown event e: "finish" (the lines of a log are send, deliver, marker-in, initiate, record, marker-out, open, keep, close, buffer, done, hello, end)`,
        ]
      ),
    ],
    [
      "two logs in one file",
      (run) => (
        writeFileSync(run.p0, readFileSync(run.p0, "utf8").repeat(2)),
        [[run.p0, run.p1], `${run.p0}:12: a line after the node's end line (line 11): two logs in one file?`]
      ),
    ],
    [
      "a log copied while its node was still writing it (before its first send), where the money would not add up",
      (run) => (
        writeFileSync(run.p0, readFileSync(run.p0, "utf8").split("\n").slice(0, 2).join("\n").concat("\n")),
        [
          [run.p0, run.p1],
          `${run.p0}: the log ends before the run did: ${run.p1} shows 2 events of P0 (in its vector clocks), and the log holds 0: ` +
            "it was copied while P0's node was still writing it, or cut short; give each log once its node has ended",
        ]
      ),
    ],
    [
      "the log of a node that failed",
      (run) => (
        changed(run.p0, '"how":"finished"', '"how":"failed","why":"initiate at P0 (snapshot 0) threw: not yet"'),
        [[run.p0, run.p1], `${run.p0}: P0's node failed: initiate at P0 (snapshot 0) threw: not yet`]
      ),
    ],
    [
      "--save-trace, with a cluster whose rules file is not on this machine",
      (run) => {
        changed(run.cluster, '"algorithm": "chandy-lamport"', '"rules": "/nowhere/rules.ts"');
        const logs = [run.p0, run.p1].map((file) => {
          const digest = loadCluster(run.cluster).digest;
          writeFileSync(file, readFileSync(file, "utf8").replace(/"cluster":"\w+"/, `"cluster":"${digest}"`));
          return file;
        });
        return [
          [...logs, "--save-trace", join(run.folder, "trace.json")],
          `${run.cluster}: rules: cannot read /nowhere/rules.ts (not a file), which --save-trace needs to cut the trace down in the model`,
        ];
      },
    ],
    [
      "--shiviz in a folder that is not there",
      (run) => [
        [run.p0, run.p1, "--shiviz", join(run.folder, "nowhere", "run.shiviz")],
        `${join(run.folder, "nowhere", "run.shiviz")}: cannot write the log, there is no folder ${join(run.folder, "nowhere")}`,
      ],
    ],
  ];

  it.each(cases)("refuses %s in one line, exit 2", async (_, make) => {
    const run = writeRun();
    const [args, message] = make(run);
    const result = await runCli("check-logs", ...(args[0] === "--cluster" ? args : ["--cluster", run.cluster, ...args]));
    expect([result.status, result.stdout, result.stderr]).toEqual([2, "", `snaplab: ${message}\n`]);
  });
});

describe("snaplab check-logs asked to write over a file it reads", () => {
  it("refuses the log and the trace over a log, the cluster file or its rules, or both naming one file, in one line, exit 2, each left as it was", async () => {
    const run = writeRun({ rules: "rules.ts" });
    const rules = join(run.folder, "rules.ts");
    writeFileSync(rules, "export {};\n");
    const before = [run.cluster, run.p0, run.p1, rules].map((file) => readFileSync(file, "utf8"));
    const same = join(run.folder, "same.out");
    const cases: [string[], string][] = [
      [["--shiviz", run.p1], `${run.p1}: cannot write the log, it is an event log read (--shiviz names another file)`],
      [["--save-trace", run.cluster], `${run.cluster}: cannot write the trace, it is the cluster file read (--save-trace names another file)`],
      [["--save-trace", rules], `${rules}: cannot write the trace, it is the rules file read (--save-trace names another file)`],
      [
        ["--shiviz", same, "--save-trace", same],
        `${same}: cannot write the trace, --shiviz ${same} and --save-trace name the same file (give each a file of its own)`,
      ],
    ];
    for (const [options, message] of cases) {
      const result = await check(run, ...options);
      expect([result.status, result.stdout, result.stderr]).toEqual([2, "", `snaplab: ${message}\n`]);
    }
    expect([run.cluster, run.p0, run.p1, rules].map((file) => readFileSync(file, "utf8"))).toEqual(before);
    expect(readdirSync(run.folder).sort()).toEqual(["P0.events.jsonl", "P1.events.jsonl", "cluster.json", "rules.ts"]);
  });
});

describe("reading one log", () => {
  it("keeps the events, the runs heard on each incoming channel and the end line apart", () => {
    const run = writeRun();
    const log = readEventLog(run.p1, loadCluster(run.cluster));
    expect(log.header).toMatchObject({ process: "P1", run: "run-of-p1" });
    expect(log.events.map((e) => e.e)).toEqual(["done", "deliver", "marker-in", "record", "marker-out", "open", "close"]);
    expect([...log.peers]).toEqual([[0, "run-of-p0"]]);
    expect([log.end, log.cutShort]).toEqual([{ e: "end", t: 1007, how: "finished" }, false]);
  });

  it("takes a last line without its newline when it is whole, and leaves it out when it is cut short", () => {
    const run = writeRun();
    const cluster = loadCluster(run.cluster);
    const text = readFileSync(run.p1, "utf8");
    writeFileSync(run.p1, text.trimEnd());
    expect([readEventLog(run.p1, cluster).end?.how, readEventLog(run.p1, cluster).cutShort]).toEqual(["finished", false]);
    writeFileSync(run.p1, text.slice(0, -10));
    const cut = readEventLog(run.p1, cluster);
    expect([cut.end, cut.cutShort, cut.events.length]).toEqual([undefined, true, 7]);
  });

  it("reads back what a node's writer writes: the header, the events, the runs heard, the end line (the first ending only)", () => {
    const run = writeRun();
    const cluster = loadCluster(run.cluster);
    const file = join(run.folder, "written.events.jsonl");
    const header = { format: EVENT_LOG_FORMAT, version: EVENT_LOG_VERSION, process: "P1", cluster: cluster.digest, run: "r1" } as const;
    const writer = new EventLogWriter(file, header);
    writer.add({ e: "hello", c: 0, run: "r0" });
    writer.add({ e: "deliver", t: 1003, vc: [1, 1], c: 0, id: "P0#1", a: 5 });
    writer.flush();
    writer.add({ e: "buffer" });
    writer.close("stopped");
    writer.close("failed", { why: "too late: the node had stopped" });
    const log = readEventLog(file, cluster);
    expect([log.header, log.events, [...log.peers], log.end?.how, log.cutShort]).toEqual([
      header,
      [{ e: "deliver", t: 1003, vc: [1, 1], c: 0, id: "P0#1", a: 5 }, { e: "buffer" }],
      [[0, "r0"]],
      "stopped",
      false,
    ]);
  });

  it.each([
    ['{"e":"done","t":"soon","skipped":0}', 'done: t must be a time in milliseconds, got "soon"'],
    ['{"e":"open","s":4,"c":0}', "open: s must be a snapshot's id (0 to 0), got 4"],
    ['{"e":"done","t":1,"skipped":-1}', "done: skipped must be an integer of at least 0, got -1"],
    ['{"e":"record","s":0,"pc":0,"b":99.5,"n":0}', "record: b must be an integer, got 99.5"],
    ['{"e":"hello","c":0,"run":7}', "hello: run must be a string, got 7"],
    ['{"e":"end","t":1,"how":"vanished"}', 'end: how must be one of finished, stopped, failed, got "vanished"'],
    ['{"e":"end","t":1,"how":"failed","why":["x"]}', 'end: why must be a string, got ["x"]'],
    ['{"e":"end","t":1,"how":"stopped","timeoutMs":"2s"}', 'end: timeoutMs must be a time in milliseconds, got "2s"'],
    ['{"e":"end","t":1,"how":"finished","timeoutMs":2000}', "end: timeoutMs is only for a node stopped, not finished"],
    ['{"c":0}', "no e (the lines of a log are send, deliver, marker-in, initiate, record, marker-out, open, keep, close, buffer, done, hello, end)"],
    ["[1,2]", "not a JSON object"],
    ['{"format":"snaplab-event-log","version":1}', "a second header: two logs in one file?"],
  ])("refuses the line %s, saying %j, and skips blank lines", (line, why) => {
    const run = writeRun();
    writeFileSync(run.p1, `${readFileSync(run.p1, "utf8").split("\n")[0]}\n\n${line}\n`);
    expect(() => readEventLog(run.p1, loadCluster(run.cluster))).toThrow(new RegExp(`^${escaped(run.p1)}:3:\\d+: ${escaped(why)}$`));
  });

  it("reads a log copied through Windows (CRLF line endings)", () => {
    const run = writeRun();
    mkdirSync(join(run.folder, "copied"));
    const copy = join(run.folder, "copied", "P1.events.jsonl");
    writeFileSync(copy, readFileSync(run.p1, "utf8").replace(/\n/g, "\r\n"));
    expect(readEventLog(copy, loadCluster(run.cluster)).events).toHaveLength(7);
  });
});
