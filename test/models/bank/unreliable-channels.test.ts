/**
 * Lossy and duplicating channels (spec/model.md, "Unreliable channels"): the
 * scenario fields, the new actions, what the properties say when money
 * vanishes or doubles, and every way a run is shown (steps, pictures, traces).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSnapshotComplete } from "../../../src/models/bank/bank-state.js";
import { randomScenario } from "../../support/random-scenario.js";
import { enabledActions, formatAction } from "../../../src/models/bank/actions.js";
import { deferAfterRecording } from "../../../src/models/bank/algorithms/defer-after-recording.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";
import { bankProperties } from "../../../src/models/bank/properties.js";
import { bankSpaceTime } from "../../../src/models/bank/bank-space-time.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { scenarioJson } from "../../../src/models/bank/scenario-json.js";
import { stateLines } from "../../../src/models/bank/state-text.js";
import { mermaidDiagram } from "../../../src/render/mermaid-diagram.js";
import { shivizLog } from "../../../src/render/shiviz-log.js";
import { svgDiagram } from "../../../src/render/svg-diagram.js";
import { parseTrace } from "../../../src/trace/load-trace.js";
import { replayTrace } from "../../../src/trace/replay.js";
import { formatTrace, savedTrace } from "../../../src/trace/saved-trace.js";
import { checked, counterexampleOf, walk } from "../../support/counterexamples.js";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import { bankSystem } from "../../../src/models/bank/system.js";
import type { BankState } from "../../../src/models/bank/bank-state.js";
import { walkToCompleteSnapshot } from "../../support/walk.js";
import { check } from "../../../src/check/check.js";

const base = { processes: { P0: 100, P1: 100 }, initiators: ["P0"] };
const parse = (extra: object) => parseScenario(JSON.stringify({ ...base, ...extra }), "s.json");
const verdicts = (scenario: ReturnType<typeof parse>, state: Parameters<ReturnType<typeof bankProperties>[0]["check"]>[0]) =>
  Object.fromEntries(bankProperties(scenario).map((p) => [p.name, p.check(state) ?? "holds"]));

describe("the fault fields", () => {
  it("should read true as every channel and a list as those channels, and write them back", () => {
    const all = parse({ lossy: true });
    expect([all.lossy, all.duplicating]).toEqual([[0, 1], undefined]);
    const one = parse({ duplicating: ["P1->P0"], lossy: false });
    expect([one.lossy, one.duplicating]).toEqual([undefined, [1]]);
    expect(scenarioJson(all).lossy).toBe(true);
    expect(scenarioJson(one).duplicating).toEqual(["P1->P0"]);
    expect("lossy" in scenarioJson(one)).toBe(false);
  });

  it.each([
    [{ lossy: "yes" }, 's.json: lossy: must be true, false or a list of channel names such as "P0->P1"'],
    [{ duplicating: ["P0->P2"] }, "s.json: duplicating[0]: there is no channel P0->P2"],
    [{ lossy: ["P0->P1", "P0->P1"] }, "s.json: lossy[1]: P0->P1 is named twice"],
    [{ lossy: [3] }, "s.json: lossy[0]: there is no channel 3"],
  ])("should refuse %j in one line", (extra, message) => {
    expect(() => parse(extra)).toThrow(message);
  });
});

describe("the actions of unreliable channels", () => {
  const scenario = parse({ programs: { P0: [{ to: "P1", amount: 10 }] }, lossy: ["P0->P1"], duplicating: ["P0->P1"] });

  it("should list, per channel, deliveries, then duplications of originals, then losses anywhere in the queue", () => {
    const { path } = walk(scenario, ["send P0", "initiate P0", "duplicate P0->P1 P0#1"]);
    const last = path.states[path.states.length - 1]!;
    // The copy is never copied again; FIFO delivers the head only, but any message may be lost.
    expect(enabledActions(scenario, last).map((a) => formatAction(scenario, last, a))).toEqual([
      "deliver P0->P1 P0#1 copy",
      "lose P0->P1 P0#1 copy",
      "lose P0->P1 marker",
    ]);
    expect(stateLines(scenario, last).find((line) => line.startsWith("P0->P1"))).toContain("in flight [P0#1 (10) copy, marker]");
  });

  it("should tell a duplication, a copy's arrival and a loss in words", () => {
    const { path } = walk(scenario, ["send P0", "initiate P0", "duplicate P0->P1 P0#1", "deliver P0->P1 P0#1 copy", "lose P0->P1 marker"]);
    const steps = path.actions.map((a, i) => bankModel.describeStep(scenario, chandyLamport, path.states[i]!, a, path.states[i + 1]!));
    expect(steps.slice(2)).toEqual([
      "duplicate P0#1 (10) on P0->P1 (a copy stays in flight): P1 balance 110",
      "deliver P0#1 (10) on P0->P1 (the copy): P1 balance 120",
      "P0->P1 loses a marker",
    ]);
  });
});

/** Every reachable state, by a plain search over the model (no explorer): the spec counts them by hand. */
function reachableStates(scenario: ReturnType<typeof parse>): BankState[] {
  const model = bankSystem(scenario, chandyLamport);
  const seen = new Map(model.initStates().map((s) => [model.key(s), s]));
  for (const state of seen.values())
    for (const a of model.actions(state)) {
      const next = model.nextState(state, a);
      if (!seen.has(model.key(next))) seen.set(model.key(next), next);
    }
  return [...seen.values()];
}

describe("the spec's hand counts", () => {
  it.each([
    ["lossy-transfer", 23, 8, 4],
    ["duplicating-transfer", 41, 7, 0],
  ])("%s: %i states, %i terminal, %i of them with the snapshot incomplete", (name, states, terminal, incomplete) => {
    const scenario = checked(name).scenario;
    const model = bankSystem(scenario, chandyLamport);
    const all = reachableStates(scenario);
    const ends = all.filter((s) => model.actions(s).length === 0);
    const termination = model.properties().find((p) => p.name === "termination")!;
    expect([all.length, ends.length, ends.filter((s) => termination.check(s) !== undefined).length]).toEqual([states, terminal, incomplete]);
  });
});

describe("lossy-transfer, the spec's first hand-worked example", () => {
  const report = checked("lossy-transfer");

  it("should keep the snapshot properties when the transfer vanishes before the cut: the bank really held 190", () => {
    const { path } = walk(report.scenario, ["send P0", "lose P0->P1 P0#1", "initiate P0", "deliver P0->P1 marker"]);
    const end = path.states[path.states.length - 1]!;
    expect(bankModel.describeEnd!(report.scenario, end)).toBe("P0 (pc 1, balance 90), P1 (pc 0, balance 100); P0->P1 []");
    expect(Object.values(verdicts(report.scenario, end)).slice(0, 4)).toEqual(["holds", "holds", "holds", "holds"]);
  });

  it("should lose termination with the marker: P1 never records", () => {
    const c = counterexampleOf(report, "termination");
    expect(c.steps).toEqual([
      "P0 sends 10 to P1 (P0#1), balance 90",
      "P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1",
      "deliver P0#1 (10) on P0->P1: P1 balance 110",
      "P0->P1 loses a marker",
    ]);
    expect(c.reason).toBe("the run ended with the snapshot incomplete (never recorded: P1; never closed: P0->P1)");
  });

  it("should draw the lost marker ending in ✕ in every picture", () => {
    const view = counterexampleOf(report, "termination").view;
    const marker = view.messages.find((m) => m.kind === "marker")!;
    expect([marker.delivered, view.events[marker.dropped!]]).toEqual([undefined, expect.objectContaining({ kind: "quiet", text: "P0->P1 loses a marker" })]);
    expect(view.setting).toBe("lossy-transfer: FIFO lossy channels");
    expect(svgDiagram(view)).toContain("✕</text>");
    expect(mermaidDiagram(view)).toContain("P0->P1 loses a marker");
    expect(shivizLog(view)).toContain("P0->P1 loses a marker");
  });
});

describe("the reference rules on lossy FIFO channels", () => {
  it("should record a real state of the run in every complete snapshot: a lost message is no failure (README)", () => {
    let complete = 0;
    fc.assert(
      fc.property(randomScenario(), fc.array(fc.nat(), { maxLength: 40 }), (reliable, choices) => {
        const scenario = { ...reliable, fifo: true, lossy: reliable.channels.map((_, c) => c) };
        const state = walkToCompleteSnapshot(scenario, choices);
        fc.pre(isSnapshotComplete(state));
        complete++;
        expect(Object.values(verdicts(scenario, state)).slice(0, 4)).toEqual(["holds", "holds", "holds", "holds"]);
      }),
      { numRuns: 150, seed: 15 },
    );
    expect(complete).toBeGreaterThan(50);
  });
});

describe("duplicating-transfer, the spec's second hand-worked example", () => {
  const report = checked("duplicating-transfer");

  it("should record the transfer twice: money doubles in the cut, which no real state of the run held", () => {
    const reasons = Object.fromEntries(report.counterexamples.map((c) => [c.property, c.reason]));
    expect(reasons).toEqual({
      "channel-state":
        "channel P0->P1 recorded [P0#1 (10), P0#1 (10)]: P0#1 is in it twice, but a message is in flight at most once (a copy takes its original's place)",
      conservation: "recorded 210 (balances 190 + in channels 20), but the bank held 200 at the cut (the recorded balances plus what was in flight across it)",
      reachable:
        "channel P0->P1 holds [P0#1 (10), P0#1 (10)]: P0#1 is in it twice, but a message is in flight at most once (a copy takes its original's place)",
    });
  });

  it("should draw the copy as a second line from the same send", () => {
    const view = counterexampleOf(report, "channel-state").view;
    const lines = view.messages.filter((m) => m.kind === "data").map((m) => [m.label, m.sent, m.delivered !== undefined]);
    expect(lines).toEqual([
      ["P0#1 (10)", 0, true],
      ["P0#1 (10) copy", 0, true],
    ]);
    // ShiViz merges the copy's clock from its original's send.
    expect(shivizLog(view)).toContain('4. deliver P0#1 (10) on P0->P1 (the copy): adds it to the recording of P0->P1, P1 balance 120\nP1 {"P0":1,"P1":3}');
    expect(mermaidDiagram(view)).toContain("P0->>P1: 4. P0#35;1 (10) copy");
  });

  it("should accept a copy recorded once while the original was received before the cut", () => {
    const { path } = walk(report.scenario, [
      "send P0",
      "duplicate P0->P1 P0#1",
      "initiate P1",
      "deliver P0->P1 P0#1 copy",
      "deliver P1->P0 marker",
      "deliver P0->P1 marker",
    ]);
    const end = path.states[path.states.length - 1]!;
    expect(bankModel.describeEnd!(report.scenario, end)).toBe("P0 (pc 1, balance 90), P1 (pc 0, balance 110); P0->P1 [10], P1->P0 []");
    expect(Object.values(verdicts(report.scenario, end)).slice(0, 4)).toEqual(["holds", "holds", "holds", "holds"]);
  });
});

describe("non-interference on unreliable channels", () => {
  it("should hold the balances to what each process sent and was delivered, copies and losses included", () => {
    // The three-cashier demo keeps what arrives after recording in a buffer, never applied.
    const report = check({ model: bankModel, scenario: checked("duplicating-transfer").scenario }, { rules: deferAfterRecording });
    expect(counterexampleOf(report, "non-interference").reason).toBe(
      "P1 ends with balance 100, but its sends and the messages delivered to it make 110; kept in its buffer, never applied: [P0#1 (10)]",
    );
    expect(checked("duplicating-transfer").properties.find((p) => p.name === "non-interference")!.holds).toBe(true);
  });
});

describe("saved traces on unreliable channels", () => {
  it.each([
    ["lossy-transfer", "termination"],
    ["duplicating-transfer", "conservation"],
  ])("should replay %s's %s counterexample, faults and all", (name, property) => {
    const report = checked(name);
    const c = counterexampleOf(report, property);
    const text = formatTrace(savedTrace(bankModel, report.scenario, { algorithm: report.algorithm }, c));
    const replay = replayTrace(parseTrace(text, "trace.json"));
    expect(replay.reproduces).toBe(true);
    expect(replay.path).toEqual(c.path);
  });

  it("should name the faults in the JSON report", () => {
    const report = checked("duplicating-transfer");
    expect(bankModel.report!.json!(report, {})).toMatchObject({ fifo: true, duplicating: ["P0->P1"] });
    expect("lossy" in bankModel.report!.json!(report, {})).toBe(false);
  });
});

describe("snaplab promela on unreliable channels", () => {
  it("should write the faults, where the compact engine falls back", () => {
    const model = bankModel.promela!(checked("lossy-transfer").scenario, "lossy-transfer.json");
    expect(model).toContain("/* lose P0->P1, position 1 */");
    expect(model).toContain("Semantics: snaplab's spec/model.md; FIFO lossy channels.");
    const copies = bankModel.promela!(checked("duplicating-transfer").scenario, "duplicating-transfer.json");
    expect(copies).toContain(
      "q_P0_P1[0] < COPY -> item = q_P0_P1[0]; q_P0_P1[0] = item + COPY; arrive_P0_P1(); item = 0 }  /* duplicate P0->P1, position 0 */",
    );
    // Other options it does not model are still refused.
    expect(() => bankModel.promela!({ ...checked("lossy-transfer").scenario, atomicSend: false }, "s.json")).toThrow(
      "s.json: snaplab promela does not model atomicSend: false",
    );
  });
});

describe("the search on unreliable channels", () => {
  it("should fall back to the generic explorer, unreduced, saying why", () => {
    const report = checked("lossy-transfer");
    expect(report.search).toMatchObject({
      engine: "generic",
      reduction: "none",
      fallback: "the compact engine and its partial-order reduction model reliable channels only, not lossy or duplicating ones",
    });
  });

  it("should keep the space-time view in step with the path", () => {
    const c = counterexampleOf(checked("duplicating-transfer"), "channel-state");
    expect(bankSpaceTime(checked("duplicating-transfer").scenario, c)).toEqual(c.view);
  });
});
