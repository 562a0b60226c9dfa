import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { ScenarioError } from "../../../src/errors/scenario-error.js";

const valid = {
  processes: { P0: 100, P1: 50 },
  channels: [
    ["P0", "P1"],
    ["P1", "P0"],
  ],
  programs: { P0: [{ to: "P1", amount: 10 }] },
  initiators: ["P0"],
};

const parse = (json: unknown) => parseScenario(typeof json === "string" ? json : JSON.stringify(json), "s.json");

describe("parseScenario", () => {
  it("resolves names to indices and numbers the sends", () => {
    const scenario = parse(valid);
    expect(scenario.name).toBe("s");
    expect(scenario.processes).toEqual(["P0", "P1"]);
    expect(scenario.channels.map((c) => c.id)).toEqual(["P0->P1", "P1->P0"]);
    expect(scenario.programs).toEqual([[{ messageId: "P0#1", channel: 0, amount: 10 }], []]);
    expect(scenario.fifo).toBe(true);
    expect(scenario.algorithm).toBe("chandy-lamport");
  });

  it("connects every ordered pair when channels are left out", () => {
    const scenario = parse({ processes: { A: 0, B: 0, C: 0 }, initiators: ["B"] });
    expect(scenario.channels.map((c) => c.id)).toEqual(["A->B", "A->C", "B->A", "B->C", "C->A", "C->B"]);
    expect(scenario.initiators).toEqual([1]);
  });

  // Each bad input gives one line naming the file and the field.
  const cases: [string, unknown, string][] = [
    ["invalid JSON", "{ processes: ", "s.json: not valid JSON"],
    ["a root that is not an object", [1], "s.json: must be an object, got a list"],
    ["an unknown key", { ...valid, fifoo: false }, "s.json: fifoo: unknown key"],
    ["no processes", { ...valid, processes: {} }, "s.json: processes: must name at least one process"],
    ["a fractional balance", { ...valid, processes: { P0: 1.5, P1: 0 } }, "s.json: processes.P0: must be an integer, got 1.5"],
    ["an unknown process in a channel", { ...valid, channels: [["P0", "P9"]] }, 's.json: channels[0][1]: "P9" is not a process'],
    ["a self-channel", { ...valid, channels: [["P1", "P1"]] }, "s.json: channels[0]: a process cannot have a channel to itself (P1)"],
    [
      "a duplicate channel",
      {
        ...valid,
        channels: [
          ["P0", "P1"],
          ["P0", "P1"],
        ],
      },
      "s.json: channels[1]: duplicate channel P0->P1",
    ],
    ["a channel that is not a pair", { ...valid, channels: [["P0"]] }, "s.json: channels[0]: must be a [from, to] pair"],
    ["a program for an unknown process", { ...valid, programs: { P7: [] } }, 's.json: programs.P7: "P7" is not a process'],
    ["a send to an unknown process", { ...valid, programs: { P0: [{ to: "Q", amount: 1 }] } }, 's.json: programs.P0[0].to: "Q" is not a process'],
    ["a send with no channel", { ...valid, channels: [["P1", "P0"]] }, "s.json: programs.P0[0].to: there is no channel P0->P1"],
    ["a non-integer amount", { ...valid, programs: { P0: [{ to: "P1", amount: "ten" }] } }, 's.json: programs.P0[0].amount: must be an integer, got "ten"'],
    ["a zero amount", { ...valid, programs: { P0: [{ to: "P1", amount: 0 }] } }, "s.json: programs.P0[0].amount: must be a positive integer, got 0"],
    ["an unknown key in a send", { ...valid, programs: { P0: [{ to: "P1", amount: 1, memo: "x" }] } }, "s.json: programs.P0[0].memo: unknown key"],
    ["empty initiators", { ...valid, initiators: [] }, "s.json: initiators: must be a non-empty list of processes"],
    ["missing initiators", { ...valid, initiators: undefined }, "s.json: initiators: must be a non-empty list of processes"],
    ["an unknown initiator", { ...valid, initiators: ["P5"] }, 's.json: initiators[0]: "P5" is not a process'],
    ["a repeated initiator", { ...valid, initiators: ["P0", "P0"] }, "s.json: initiators[1]: P0 is listed twice"],
    ["a fifo that is not a boolean", { ...valid, fifo: "yes" }, "s.json: fifo: must be true or false"],
    ["an empty name", { ...valid, name: "" }, "s.json: name: must be a non-empty string"],
    // It heads every report: an escape sequence in it reached the terminal.
    [
      "a name with an escape sequence",
      { ...valid, name: "two-node\u001b[2J" },
      "s.json: name: cannot contain control characters (a newline, a tab, an escape)",
    ],
    ["a name with a newline", { ...valid, name: "two\nnode" }, "s.json: name: cannot contain control characters (a newline, a tab, an escape)"],
  ];
  for (const [what, json, message] of cases) {
    it(`refuses ${what}`, () => {
      const error = (() => {
        try {
          parse(json);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ScenarioError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain("\n");
    });
  }
});
