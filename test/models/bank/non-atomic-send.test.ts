// "atomicSend": false splits a send into a debit and a transmit (the Go bank simulator's race).
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { bankProperties } from "../../../src/models/bank/properties.js";
import type { BankState } from "../../../src/models/bank/bank-state.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

const oneSend = {
  processes: { P0: 100, P1: 100 },
  channels: [["P0", "P1"]],
  programs: { P0: [{ to: "P1", amount: 10 }] },
  initiators: ["P0"],
};
const scenario = (fields: object) => parseScenario(JSON.stringify({ ...oneSend, ...fields }), "one-send.json");

describe("atomicSend in a scenario file", () => {
  it("should default to true", () => {
    expect(scenario({}).atomicSend).toBe(true);
    expect(scenario({ atomicSend: false }).atomicSend).toBe(false);
  });

  it("should refuse anything but a boolean, naming the file and the field", () => {
    expect(() => scenario({ atomicSend: "no" })).toThrow("one-send.json: atomicSend: must be true or false");
  });
});

describe("a non-atomic send", () => {
  // d = debit P0, t = transmit P0, i = initiate P0, M = deliver the marker, D = deliver P0#1.
  //   S0 -d-> A (P0 90, debited)          S0 -i-> B (P0 rec (0,100), [M])
  //   A -t-> A1 = the atomic model's state after "send P0": 4 more states, 2 executions, ends in X2
  //   A -i-> A2: P0 rec (0,90) while 10 is in its hands, [M]
  //   A2 -M-> A2M: P1 rec (0,100), complete with 90 + 100 = 190 recorded (depth 3)
  //   A2 -t-> A2t [M,D] -M-> A2tM [D] <-t- A2M;  A2tM -D-> Z terminal
  //   B -d-> B1 -t-> B1t [M,D] -M-> Y1 [D] -D-> Y2 terminal;  B1 -M-> B1M <-d- B2 <-M- B;  B1M -t-> Y1
  // States: S0 A B A1 A1i A1D X1 X2 A2 A2t A2M A2tM Z B1 B1t B1M B2 Y1 Y2 = 19; transitions 22;
  // executions A = 2 + 2, B = 2 + 1, S0 = 7; snapshots X2, Z, Y2 = 3.
  const report = check({ model: bankModel, scenario: scenario({ atomicSend: false }) });

  it("should be two actions that a snapshot can fall between", () => {
    expect([report.states, report.transitions, report.executions, report.snapshots!.length]).toEqual([19, 22, 7n, 3]);
  });

  it("should lose the money in the sender's hands from the snapshot, and only that", () => {
    expect(report.counterexamples.map((c) => [c.property, c.length, c.reason])).toEqual([
      ["conservation", 3, "recorded 190 (balances 190 + in channels 0), expected 200"],
    ]);
    expect(report.counterexamples[0]!.path.actions.map((a) => a.type)).toEqual(["debit", "initiate", "deliver"]);
  });

  it("should count a state recorded between debit and transmit as reachable, and no other short one", () => {
    expect(report.properties.find((p) => p.name === "reachable")?.holds).toBe(true);
    const reachable = (fields: object) => bankProperties(scenario(fields)).find((p) => p.name === "reachable")!.check;
    const cut = (p0Balance: number): BankState => ({
      processes: [
        { pc: 0, balance: p0Balance, received: [], recorded: { pc: 0, balance: p0Balance, received: [] } },
        { pc: 0, balance: 100, received: [], recorded: { pc: 0, balance: 100, received: [] } },
      ],
      channels: [{ queue: [], recording: { status: "closed", messages: [] } }],
    });
    expect(reachable({ atomicSend: false })(cut(90))).toBeUndefined();
    expect(reachable({ atomicSend: false })(cut(95))).toBe("P0 recorded balance 95, but the recorded sends and channels imply 100");
    expect(reachable({})(cut(90))).toBe("P0 recorded balance 90, but the recorded sends and channels imply 100");
  });
});
