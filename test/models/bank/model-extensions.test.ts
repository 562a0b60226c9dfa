// The additions made for the exercises (message colour, marker payloads, send
// histories in the view, held-back messages) leave the reference figures alone:
// cross-checked against the independent oracle of spec/model.md.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Effect, SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { processView } from "../../../src/models/bank/process-view.js";
import { initialState, stateKey } from "../../../src/models/bank/bank-state.js";
import { step } from "../../../src/models/bank/system.js";
import { oracleFigures, type OracleScenario } from "../../support/oracle.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

// (three-node is left out: the naive oracle takes a minute on it.)
const specs = ["two-node", "disconnected"];

describe("the reference figures with the model's additions", () => {
  for (const name of specs) {
    for (const fifo of [true, false]) {
      it(`should match the oracle on ${name}, ${fifo ? "FIFO" : "non-FIFO"}`, () => {
        const text = readFileSync(`spec/scenarios/${name}.json`, "utf8");
        const report = check({ model: bankModel, scenario: { ...parseScenario(text, name), fifo } });
        const oracle = oracleFigures(JSON.parse(text) as OracleScenario, fifo);
        expect({
          states: report.states,
          transitions: report.transitions,
          executions: report.executions,
          snapshots: report.snapshots!.length,
          violated: Object.fromEntries(report.counterexamples.map((c) => [c.property, c.length])),
        }).toEqual(oracle);
      });
    }
  }
});

describe("what the rules see and may do", () => {
  const scenario = parseScenario(
    JSON.stringify({
      processes: { P0: 100, P1: 100 },
      programs: {
        P0: [
          { to: "P1", amount: 10 },
          { to: "P1", amount: 20 },
        ],
      },
      initiators: ["P0"],
    }),
  );
  const seen: { colour: string; id: string }[] = [];
  const watching: SnapshotAlgorithm = {
    ...chandyLamport,
    onMessage(view, channel, message) {
      seen.push({ colour: message.colour, id: message.id });
      return chandyLamport.onMessage(view, channel, message);
    },
  };

  it("should colour a message red when its sender recorded before sending it", () => {
    let state = initialState(scenario);
    for (const action of [
      { type: "send", process: 0 },
      { type: "initiate", process: 0 },
      { type: "send", process: 0 },
      { type: "deliver", channel: 0, position: 0 },
      { type: "deliver", channel: 0, position: 0 },
      { type: "deliver", channel: 0, position: 0 },
    ] as const) {
      state = step(scenario, watching, state, action);
    }
    expect(seen).toEqual([
      { colour: "white", id: "P0#1" },
      { colour: "red", id: "P0#2" },
    ]);
  });

  it("should show a process what it has sent, received and recorded", () => {
    const sent = step(scenario, chandyLamport, initialState(scenario), { type: "send", process: 0 });
    const view = processView(scenario, sent, 0);
    expect(view.sent).toEqual({ "P0->P1": [{ kind: "data", id: "P0#1", amount: 10 }] });
    expect(JSON.parse(JSON.stringify(view)).sent).toEqual(view.sent);
    const received = step(scenario, chandyLamport, sent, { type: "deliver", channel: 0, position: 0 });
    expect(processView(scenario, received, 1)).toMatchObject({ received: ["P0#1"], recorded: null });
  });

  it("should carry a marker's payload and tell markers apart by it", () => {
    const laiYangish: SnapshotAlgorithm = {
      ...chandyLamport,
      initiate: (view) => [{ type: "record-state" }, ...view.outgoing.map((channel): Effect => ({ type: "send-marker", channel, sent: view.sent[channel] }))],
    };
    const sent = step(scenario, laiYangish, initialState(scenario), { type: "send", process: 0 });
    const marked = step(scenario, laiYangish, sent, { type: "initiate", process: 0 });
    expect(marked.channels[0]!.queue[1]).toEqual({ kind: "marker", sent: [{ kind: "data", id: "P0#1", amount: 10 }] });
    expect(stateKey(marked)).toContain("M:P0#1");
  });

  it("should not credit a message the rules hold back, and key the state apart", () => {
    const holding: SnapshotAlgorithm = {
      ...chandyLamport,
      onMessage: () => [{ type: "buffer-message" }],
    };
    const sent = step(scenario, holding, initialState(scenario), { type: "send", process: 0 });
    const held = step(scenario, holding, sent, { type: "deliver", channel: 0, position: 0 });
    const credited = step(scenario, chandyLamport, sent, { type: "deliver", channel: 0, position: 0 });
    expect(held.processes[1]).toMatchObject({ balance: 100, received: [], buffered: [{ kind: "data", id: "P0#1", amount: 10 }] });
    expect(credited.processes[1]).toMatchObject({ balance: 110, received: ["P0#1"] });
    expect(stateKey(held)).not.toBe(stateKey(credited));
  });
});
