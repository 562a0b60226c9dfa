// The buffer-message effect: a rule may keep an arriving message from being
// credited (the three-cashier demo's does); non-interference then reports the change.
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { MalformedEffectError } from "../../../src/errors/malformed-effect-error.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { initialState, stateKey } from "../../../src/models/bank/bank-state.js";
import { bankSystem, step } from "../../../src/models/bank/system.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

// P0 sends 10 to P1 once; P0 may start a snapshot.
const oneSend = parseScenario(
  JSON.stringify({
    processes: { P0: 100, P1: 100 },
    programs: { P0: [{ to: "P1", amount: 10 }] },
    initiators: ["P0"],
  }),
);
// Records as the reference rules do, but keeps every arriving message out of the balance.
const keepEverything: SnapshotAlgorithm = {
  ...chandyLamport,
  name: "keep-everything",
  onMessage: (view, channel, message) => [...chandyLamport.onMessage(view, channel, message), { type: "buffer-message" }],
};

describe("buffer-message", () => {
  const sent = step(oneSend, keepEverything, initialState(oneSend), { type: "send", process: 0 });
  const delivered = step(oneSend, keepEverything, sent, { type: "deliver", channel: 0, position: 0 });

  it("should take the message off the channel without crediting or receiving it", () => {
    expect(delivered.channels[0]!.queue).toEqual([]);
    expect(delivered.processes[1]).toMatchObject({ balance: 100, received: [], buffered: [{ kind: "data", id: "P0#1", amount: 10 }] });
  });

  it("should give a buffered state its own key", () => {
    const credited = step(oneSend, chandyLamport, sent, { type: "deliver", channel: 0, position: 0 });
    expect(stateKey(delivered)).not.toBe(stateKey(credited));
  });

  it("should be refused anywhere but onMessage", () => {
    const bufferOnMarker: SnapshotAlgorithm = { ...chandyLamport, onMarker: () => [{ type: "buffer-message" }] };
    const initiated = step(oneSend, bufferOnMarker, initialState(oneSend), { type: "initiate", process: 0 });
    expect(() => step(oneSend, bufferOnMarker, initiated, { type: "deliver", channel: 0, position: 0 })).toThrow(
      new MalformedEffectError(
        "rules.onMarker(view, channel, marker) at P1 (marker on P0->P1) returned effect 1 (buffer-message), but only a rule taking a message (onMessage) can buffer it",
      ),
    );
  });
});

describe("non-interference", () => {
  it("should hold for the reference rules", () => {
    const property = bankSystem(oneSend, chandyLamport)
      .properties()
      .find((p) => p.name === "non-interference");
    expect(property?.expectation).toBe("atTermination");
    expect(check({ model: bankModel, scenario: oneSend }).properties.at(-1)).toMatchObject({ name: "non-interference", holds: true });
  });

  it("should fail, naming the buffered message, when a rule keeps money out of a balance", () => {
    const report = check({ model: bankModel, scenario: oneSend }, { rules: keepEverything });
    // send P0, deliver P0#1 (buffered), initiate P0, then both markers: every whole run has 5 steps.
    // Kept before P1 records, P0#1 is in neither P1's recorded balance nor the channel's
    // recording, so the cut loses it as well.
    expect(report.counterexamples.map((c) => [c.property, c.length])).toEqual([
      ["channel-state", 5],
      ["conservation", 5],
      ["reachable", 5],
      ["non-interference", 5],
    ]);
    expect(report.counterexamples.at(-1)?.reason).toBe(
      "P1 ends with balance 100, but every run without a snapshot ends with 110; kept in its buffer, never applied: [P0#1 (10)]",
    );
  });
});
