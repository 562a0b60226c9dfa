import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import { formatAction } from "../../../src/models/bank/actions.js";
import { bankSystem } from "../../../src/models/bank/system.js";
import { simulate } from "../../../src/explore/simulate.js";
import type { BankReport } from "../../../src/models/bank/bank-report.js";
import { replay, violationIn } from "../../support/replay.js";
import { fromJson, smallScenario, specScenario } from "../../support/scenarios.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

function expectEveryCounterexampleReplays(report: BankReport) {
  const model = bankSystem(report.scenario, report.rules);
  for (const { property, path, reason } of report.counterexamples) {
    const final = replay(report.scenario, model, path.actions);
    expect(violationIn(model, property, final)).toBe(reason);
  }
}

describe("counterexamples without FIFO, two nodes", () => {
  const report = check({ model: bankModel, scenario: { ...specScenario("two-node"), fifo: false } });
  const byProperty = (name: string) => report.counterexamples.find((c) => c.property === name)!;

  it("loses money in four steps, the fewest possible: a send, the snapshot, a marker that overtakes it, the marker back", () => {
    const lost = byProperty("conservation");
    const names = lost.path.actions.map((a, i) => formatAction(report.scenario, lost.path.states[i]!, a));
    expect(names).toEqual(["send P0", "initiate P0", "deliver P0->P1 marker", "deliver P1->P0 marker"]);
    expect(lost.reason).toBe("recorded 190 (balances 190 + in channels 0), expected 200");
  });

  it("records a ghost receive in five steps: the message overtakes the marker sent before it", () => {
    const ghost = byProperty("no-ghost-receive");
    const names = ghost.path.actions.map((a, i) => formatAction(report.scenario, ghost.path.states[i]!, a));
    expect(names).toEqual(["initiate P0", "send P0", "deliver P0->P1 P0#1", "deliver P0->P1 marker", "deliver P1->P0 marker"]);
    expect(ghost.reason).toBe("P1 recorded receiving P0#1, but P0 recorded after 0 sends, before sending it");
  });

  it("ends every snapshot counterexample in its first complete state", () => {
    for (const { path } of report.counterexamples) {
      const completeAt = path.states.findIndex((s) => s.processes.every((p) => p.recorded) && s.channels.every((c) => c.recording.status === "closed"));
      expect(completeAt).toBe(path.states.length - 1);
    }
  });

  it("replays each counterexample step by step to the same violation", () => {
    expectEveryCounterexampleReplays(report);
  });
});

describe("the reference rules on random small scenarios", () => {
  it("never violate a property under FIFO", () => {
    fc.assert(
      fc.property(smallScenario({ maxProcesses: 4, maxSends: 2 }), (json) => {
        const report = check({ model: bankModel, scenario: { ...fromJson(json), fifo: true } });
        // Termination may fail only when some process cannot be reached by markers.
        const violated = report.counterexamples.map((c) => c.property).filter((p) => p !== "termination");
        expect(violated).toEqual([]);
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it("terminate whenever every process is reachable from an initiator", () => {
    fc.assert(
      fc.property(smallScenario({ maxProcesses: 4, maxSends: 2 }), fc.boolean(), (json, fifo) => {
        const report = check({ model: bankModel, scenario: { ...fromJson(json), fifo } });
        const terminates = report.properties.find((p) => p.name === "termination")!.holds;
        expect(terminates).toBe(everyoneReachable(json.channels!, json.initiators, Object.keys(json.processes)));
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it("without FIFO, report only counterexamples that replay", () => {
    fc.assert(
      fc.property(smallScenario({ maxProcesses: 3, maxSends: 3 }), (json) => {
        expectEveryCounterexampleReplays(check({ model: bankModel, scenario: { ...fromJson(json), fifo: false } }));
      }),
      { numRuns: 40, seed: 13 },
    );
  });
});

describe("random walks where exhaustive search is out of reach", () => {
  it("keep every property for four processes with three sends each under FIFO", () => {
    const processes = ["P0", "P1", "P2", "P3"];
    const scenario = fromJson({
      processes: Object.fromEntries(processes.map((p) => [p, 100])),
      programs: Object.fromEntries(processes.map((p, i) => [p, [1, 2, 3].map((k) => ({ to: processes[(i + k) % 4]!, amount: 10 * k + i }))])),
      initiators: ["P0", "P2"],
    });
    const result = simulate(bankSystem(scenario, chandyLamport), { walks: 300, seed: 1 });
    expect(result.steps).toBeGreaterThan(300 * 30);
    expect(result.violations).toEqual([]);
  });

  it("find a conservation counterexample that replays when FIFO is off", () => {
    const scenario = { ...specScenario("bank"), fifo: false };
    const model = bankSystem(scenario, chandyLamport);
    const result = simulate(model, { walks: 300, seed: 3 });
    const lost = result.violations.find((v) => v.property === "conservation");
    expect(lost).toBeDefined();
    expect(violationIn(model, "conservation", replay(scenario, model, lost!.path.actions))).toBe(lost!.reason);
  });
});

/** Markers travel along channels: every process must be reachable from some initiator. */
function everyoneReachable(channels: [string, string][], initiators: string[], processes: string[]): boolean {
  const reached = new Set(initiators);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [from, to] of channels) if (reached.has(from) && !reached.has(to)) grew = Boolean(reached.add(to));
  }
  return processes.every((p) => reached.has(p));
}
