import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { SnapshotAlgorithm } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import type { Counterexample } from "../../src/check/report.js";
import type { BankAction } from "../../src/models/bank/actions.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import type { BankReport } from "../../src/models/bank/bank-report.js";
import type { BankState } from "../../src/models/bank/bank-state.js";
import { parseTrace } from "../../src/trace/load-trace.js";
import { replayTrace } from "../../src/trace/replay.js";
import { formatTrace, savedTrace } from "../../src/trace/saved-trace.js";
import { replayHeader, replayVerdict } from "../../src/trace/replay-report.js";
import { checked, walk } from "../support/counterexamples.js";
import { check } from "../../src/check/check.js";

/** Save a counterexample as `explore --save-trace` does and read it back. */
function roundTrip(report: BankReport, counterexample: Counterexample<BankState, BankAction>, file = "trace.json") {
  return parseTrace(formatTrace(savedTrace(bankModel, report.scenario, { algorithm: report.algorithm }, counterexample)), file);
}

// Rules that never record a channel's messages: conservation fails even with FIFO.
const forgetsChannels: SnapshotAlgorithm = { ...chandyLamport, name: "forgets-channels", onMessage: () => [] };

describe("saved traces", () => {
  const kinds = [
    ...checked("two-node", false).counterexamples.map((c) => [checked("two-node", false), c] as const),
    ...checked("disconnected").counterexamples.map((c) => [checked("disconnected"), c] as const),
  ];

  it("should cover every kind of violation", () => {
    expect(kinds.map(([, c]) => c.property).sort()).toEqual(["channel-state", "conservation", "no-ghost-receive", "reachable", "termination"]);
  });

  it.each(kinds.map(([report, c]) => [c.property, report, c] as const))("should replay a %s counterexample to the same violation", (_, report, c) => {
    const replay = replayTrace(roundTrip(report, c));
    expect(replay.reproduces).toBe(true);
    expect(replay.violations.find((v) => v.property === c.property)).toEqual({ property: c.property, reason: c.reason, step: c.length });
    expect(replay.path).toEqual(c.path);
  });

  it("should write the actions by their stable names, one per line", () => {
    const report = checked("two-node", false);
    const text = formatTrace(savedTrace(bankModel, report.scenario, { algorithm: "chandy-lamport" }, report.counterexamples[0]!));
    expect(text).toContain(`"fifo": false,\n`);
    expect(text).toContain(
      `"actions": [\n    "initiate P0",\n    "send P0",\n    "deliver P0->P1 P0#1",\n    "deliver P0->P1 marker",\n    "deliver P1->P0 marker"\n  ]\n}\n`,
    );
  });

  it("should run clean when the rules that failed are replaced by correct ones", () => {
    const report = check({ model: bankModel, scenario: checked("two-node").scenario }, { rules: forgetsChannels });
    const trace = roundTrip(report, report.counterexamples.find((c) => c.property === "conservation")!);
    expect(replayTrace(trace, forgetsChannels).reproduces).toBe(true);
    const fixed = replayTrace(trace, chandyLamport);
    expect(fixed.reproduces).toBe(false);
    expect(fixed.violations).toEqual([]);
  });

  it("should say a trace does not reproduce when another property fails instead", () => {
    const report = checked("two-node", false);
    const ghost = roundTrip(report, report.counterexamples.find((c) => c.property === "no-ghost-receive")!);
    const other = replayTrace({ ...ghost, violation: { property: "termination", reason: "" } });
    expect(other.reproduces).toBe(false);
    expect(other.violations.map((v) => v.property)).toEqual(["no-ghost-receive", "conservation", "reachable"]);
  });
});

describe("a trace of a path that breaks no property", () => {
  const { scenario } = checked("two-node");
  const { path } = walk(scenario, ["send P0", "initiate P0"]);
  const text = formatTrace(savedTrace(bankModel, scenario, { algorithm: "chandy-lamport" }, { path }));

  it("should be saved without a violation, as the page saves a path made by hand", () => {
    expect(JSON.parse(text)).not.toHaveProperty("violation");
    expect(text).toContain(`"fifo": true,\n  "actions": [\n    "send P0",\n    "initiate P0"\n  ]\n}\n`);
  });

  it("should be read as such, and replay told clean, with nothing said to be saved violated", () => {
    const trace = parseTrace(text, "clean.json");
    expect(trace.violation).toBeUndefined();
    const replay = replayTrace(trace);
    expect([replay.reproduces, replay.violations]).toEqual([false, []]);
    expect(replayHeader(replay).slice(0, 2)).toEqual([
      "replaying clean.json: two-node, chandy-lamport, FIFO channels, 2 steps",
      "saved with: no property violated",
    ]);
    expect(replayVerdict(replay)).toEqual(["", "the trace runs clean: every property holds along it"]);
  });

  it("should say what breaks along it now, with rules that break what the reference rules kept", () => {
    const { path: longer } = walk(scenario, ["initiate P0", "send P1", "deliver P0->P1 marker", "deliver P1->P0 P1#1", "deliver P1->P0 marker"]);
    const replay = replayTrace(
      parseTrace(formatTrace(savedTrace(bankModel, scenario, { algorithm: "chandy-lamport" }, { path: longer })), "clean.json"),
      forgetsChannels,
    );
    expect(replay.reproduces).toBe(false);
    expect(replayVerdict(replay).slice(0, 3)).toEqual([
      "",
      "no longer clean: channel-state is violated after step 5: channel P1->P0 recorded [], expected [P1#1 (20)]",
      "also violated: conservation (after step 5), reachable (after step 5)",
    ]);
  });
});

describe("a trace made with a learner's rules file", () => {
  const report = check({ model: bankModel, scenario: checked("two-node").scenario }, { rules: forgetsChannels });
  const conservation = report.counterexamples.find((c) => c.property === "conservation")!;
  // A learner's file named like the reference algorithm: its name must not pass for the algorithm's.
  const text = formatTrace(savedTrace(bankModel, report.scenario, { file: "path/to/chandy-lamport.ts" }, conservation));

  it("should name the file in rules, and no algorithm", () => {
    const saved = JSON.parse(text) as Record<string, unknown>;
    expect([saved.version, saved.rules, "algorithm" in saved]).toEqual([2, "path/to/chandy-lamport.ts", false]);
    expect(parseTrace(text, "t.json").madeWith).toEqual({ file: "path/to/chandy-lamport.ts" });
  });

  it("should refuse to replay without the file, in one line saying how to give it, rather than run the reference rules", () => {
    expect(() => replayTrace(parseTrace(text, "t.json"))).toThrow(
      /^t\.json: rules: made with the rules file path\/to\/chandy-lamport\.ts, which replay runs only when given it \(snaplab replay t\.json --rules path\/to\/chandy-lamport\.ts\)$/,
    );
  });

  it("should replay with the rules given", () => {
    expect(replayTrace(parseTrace(text, "t.json"), forgetsChannels).reproduces).toBe(true);
  });
});

describe("a version-1 trace", () => {
  const report = checked("two-node", false);
  const ghost = report.counterexamples.find((c) => c.property === "no-ghost-receive")!;
  const text = formatTrace(savedTrace(bankModel, report.scenario, { algorithm: "chandy-lamport" }, ghost)).replace('"version": 2', '"version": 1');

  it("should still replay with the algorithm it names", () => {
    const trace = parseTrace(text, "old.json");
    expect(trace.madeWith).toEqual({ algorithm: "chandy-lamport" });
    expect(replayTrace(trace).reproduces).toBe(true);
  });
});

describe("damaged traces", () => {
  const report = checked("two-node", false);
  const good = formatTrace(
    savedTrace(bankModel, report.scenario, { algorithm: "chandy-lamport" }, report.counterexamples.find((c) => c.property === "conservation")!),
  );
  const edited = (change: (trace: Record<string, unknown>) => void) => {
    const trace = JSON.parse(good) as Record<string, unknown>;
    change(trace);
    return JSON.stringify(trace);
  };
  const replayText = (text: string) => replayTrace(parseTrace(text, "t.json"));

  it.each([
    ["cut short", good.slice(0, good.length / 2), /^t\.json: not valid JSON at line \d+, column \d+: the text ends before the JSON does \(cut short\?\)$/],
    ["empty", "", /^t\.json: not valid JSON/],
    ["not an object", "[]", /^t\.json: must be a JSON object/],
    ["an unknown key", edited((t) => (t.extra = 1)), /^t\.json: extra: unknown key/],
    [
      "a key given twice",
      good.replace('\n  "algorithm"', '\n  "algorithm": "chandy-lamport",\n  "algorithm"'),
      /^t\.json: algorithm: given twice, on lines 5 and 6 \(an object may have each key once\)$/,
    ],
    ["a missing key", edited((t) => delete t.actions), /^t\.json: actions: missing$/],
    ["another format", edited((t) => (t.format = "dslabs")), /^t\.json: format: must be "snaplab-trace", got "dslabs"$/],
    ["a newer version", edited((t) => (t.version = 3)), /^t\.json: version: this snaplab reads version 1 or 2, got 3$/],
    [
      "a broken scenario",
      edited((t) => ((t.scenario as { initiators: string[] }).initiators = ["P9"])),
      /^t\.json: scenario: initiators\[0\]: "P9" is not a process/,
    ],
    // Version 1 named a learner's rules in `algorithm`: live by the name the file gives them.
    [
      "an unknown algorithm",
      edited((t) => Object.assign(t, { version: 1, algorithm: "my-chandy-lamport" })),
      /^t\.json: algorithm: unknown algorithm "my-chandy-lamport" .*; a trace saved with a learner's rules replays with their file \(snaplab replay TRACE --rules FILE\)$/,
    ],
    ["both algorithm and rules", edited((t) => (t.rules = "rules.ts")), /^t\.json: rules: give either algorithm or rules, not both$/],
    [
      "neither algorithm nor rules",
      edited((t) => delete t.algorithm),
      /^t\.json: algorithm: missing \(or rules, for a trace made with a learner's rules file\)$/,
    ],
    ["rules not a file name", edited((t) => Object.assign(t, { algorithm: undefined, rules: 7 })), /^t\.json: rules: must be the path of a rules file$/],
    ["fifo not a boolean", edited((t) => (t.fifo = "no")), /^t\.json: fifo: must be true or false$/],
    ["no violation object", edited((t) => (t.violation = "conservation")), /^t\.json: violation: must be an object/],
    [
      "an unknown property",
      edited((t) => ((t.violation as { property: string }).property = "liveness")),
      /^t\.json: violation\.property: unknown property "liveness"/,
    ],
    ["an action that is not a string", edited((t) => ((t.actions as unknown[])[1] = 7)), /^t\.json: actions\[1\]: must be an action such as "send P0", got 7$/],
    [
      "an action that is not enabled",
      edited((t) => ((t.actions as string[])[0] = "send P1x")),
      /^t\.json: actions\[0\]: "send P1x" is not enabled after step 0 \(enabled: send P0, initiate P0, send P1\)$/,
    ],
    ["channels made FIFO", edited((t) => (t.fifo = true)), /^t\.json: actions\[2\]: "deliver P0->P1 marker" is not enabled after step 2/],
  ])("should refuse a trace with %s, naming the file and the field", (_, text, message) => {
    expect(() => replayText(text)).toThrow(message);
  });
});
