/**
 * Live runs: real node processes joined by TCP on 127.0.0.1, a few hundred
 * transfers each, every process stopped at the end. One run per setting,
 * shared by the assertions about it.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkRun, LIVE_PROPERTIES, type RunCheck } from "../../src/live/check-run.js";
import { liveTextReport, type LiveJson } from "../../src/live/live-report.js";
import { liveShivizLog } from "../../src/live/live-shiviz.js";
import { runLive, type LiveOptions } from "../../src/live/run-live.js";
import { SHIVIZ_REGEX } from "../../src/render/shiviz-log.js";
import { loadTrace } from "../../src/trace/read-trace-file.js";
import { replayTrace } from "../../src/trace/replay.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { bankModel } from "../../src/models/bank/bank-model.js";

const bank = loadModelScenario("spec/scenarios/bank.json", [bankModel]).scenario;
const options = (changes: Partial<LiveOptions> = {}): LiveOptions => ({
  scenario: bank,
  transfers: 300,
  seed: 1,
  rate: 0,
  snapshots: 3,
  rules: { algorithm: "chandy-lamport" },
  network: "tcp",
  kills: [],
  timeoutMs: 30_000,
  ...changes,
});
const holds = (check: RunCheck) => check.snapshots.every((s) => s.complete && s.properties.every((p) => p.verdict === "holds"));

describe("a live run over TCP with the reference rules", () => {
  let check: RunCheck;
  beforeAll(async () => {
    check = checkRun(await runLive(options()));
  });

  it("tries every transfer, and the money at the end is the money at the start", () => {
    // A sender holding nothing at the very end, with nobody left to pay it, skips its last ones.
    expect(check.transfers + check.skipped).toBe(300);
    expect(check.transfers).toBeGreaterThan(250);
    expect(check.money).toMatchObject({ start: 300, end: 300, inFlight: 0, verdict: { verdict: "holds" } });
  });

  it("completes every snapshot, recording all 300, with every property holding", () => {
    expect(check.snapshots.map((s) => [s.id, s.initiator, s.complete, s.recordedTotal])).toEqual([
      [0, "A", true, 300],
      [1, "A", true, 300],
      [2, "A", true, 300],
    ]);
    expect(check.snapshots.every((s) => s.latencyMs! > 0)).toBe(true);
    expect(check.snapshots.flatMap((s) => s.properties.map((p) => p.name))).toEqual([...LIVE_PROPERTIES, ...LIVE_PROPERTIES, ...LIVE_PROPERTIES]);
    expect(holds(check)).toBe(true);
  });

  it("prints the run, each snapshot and each property in the text report", () => {
    const text = liveTextReport(check);
    expect(text).toMatch(/^bank live: 3 processes, 6 channels over TCP \(FIFO\), chandy-lamport, seed 1\n/);
    expect(text).toContain("  markers      18 sent\n");
    expect(text).toContain("  money        300 at the start, 300 at the end  holds\n");
    expect(text.match(/^snapshot \d \(initiator A\): complete in [\d.]+ ms, recorded 300 of 300$/gm)).toHaveLength(3);
    expect(text.match(/^ {2}conservation {6}holds$/gm)).toHaveLength(3);
    expect(text.endsWith("every property holds in all 3 snapshots\n")).toBe(true);
  });

  it("sends one marker per channel per snapshot", () => {
    expect(check.markersSent).toBe(3 * 6);
  });

  it("catches a recording that does not add up: one recorded balance off by one breaks conservation and reachable", () => {
    const logs = check.run.logs.map((log, p) => (p !== 1 ? log : log.map((e) => (e.e === "record" && e.s === 0 ? { ...e, b: e.b + 1 } : e))));
    const broken = checkRun({ ...check.run, logs }).snapshots[0]!;
    expect(broken.properties.filter((p) => p.verdict === "violated").map((p) => p.name)).toEqual(["conservation", "reachable"]);
    expect(broken.recordedTotal).toBe(301);
  });

  it("writes the run as a ShiViz log with each host's own clock counting its events", () => {
    const [regex, blank, ...events] = liveShivizLog(check).trimEnd().split("\n");
    expect([regex, blank]).toEqual([SHIVIZ_REGEX, ""]);
    const seen = new Map<string, number>();
    for (let i = 0; i < events.length; i += 2) {
      const [, host, clock] = /^(\S+) (\{.*\})$/.exec(events[i + 1]!)!;
      const own = (JSON.parse(clock!) as Record<string, number>)[host!]!;
      expect(own).toBe((seen.get(host!) ?? 0) + 1);
      seen.set(host!, own);
    }
    // One event per send and per delivery, per marker's arrival (18), and the 3 initiations.
    expect(events.length / 2).toBe(2 * check.transfers + 18 + 3);
  });
});

describe("--network reorder", () => {
  let traceFile: string;
  let cli: { status: number | null; json: LiveJson };
  beforeAll(async () => {
    traceFile = join(tempDir("live"), "trace.json");
    // The command in this process (its nodes are real processes all the same).
    const ran = await runCli(
      "live",
      "spec/scenarios/bank.json",
      "--transfers",
      "300",
      "--seed",
      "1",
      "--network",
      "reorder",
      "--format",
      "json",
      "--save-trace",
      traceFile,
    );
    cli = { status: ran.status, json: JSON.parse(ran.stdout) };
  });

  it("breaks some snapshot of the reference rules (exit 1), naming the property and the message", () => {
    expect(cli.status).toBe(1);
    const broken = cli.json.snapshots.filter((s) => Object.values(s.properties).includes("violated"));
    expect(broken.length).toBeGreaterThan(0);
    expect(Object.values(broken[0]!.reasons).join(" ")).toMatch(/\b[ABC]#\d+\b/);
  });

  it("prints one JSON object of the documented shape", () => {
    expect(Object.keys(cli.json)).toEqual(expect.arrayContaining(["snapshots", "transfers", "transfersPerSecond", "killed"]));
    expect(cli.json.transfers + cli.json.skipped).toBe(300);
    expect(cli.json.killed).toEqual([]);
    expect(Object.keys(cli.json.snapshots[0]!).slice(0, 4)).toEqual(["id", "initiator", "complete", "latencyMs"]);
    expect(Object.keys(cli.json.snapshots[0]!.properties)).toEqual([...LIVE_PROPERTIES]);
  });

  it("saves the broken snapshot as a trace that the model replays to the same violation", () => {
    const trace = loadTrace(traceFile);
    const replay = replayTrace(trace);
    expect(replay.reproduces).toBe(true);
    expect(trace.scenario.fifo).toBe(false);
    // Cut down from hundreds of steps to the transfers that still break it.
    expect(trace.actions.length).toBeLessThan(40);
  });

  it("keeps every property with Lai-Yang's rules (exercise 5's solution)", async () => {
    const check = checkRun(await runLive(options({ network: "reorder", rules: { file: "solutions/05-lai-yang/rules.ts" } })));
    expect(check.transfers + check.skipped).toBe(300);
    expect(holds(check)).toBe(true);
    expect(check.money.verdict.verdict).toBe("holds");
  });
});
