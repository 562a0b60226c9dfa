// The bank's parse errors stay exact (one line: file, field, problem) now that the
// database scenarios share their helpers.
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";

const valid = {
  processes: { P0: 100, P1: 100 },
  channels: [["P0", "P1"]],
  programs: { P0: [{ to: "P1", amount: 10 }] },
  initiators: ["P0"],
};
const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
};
const parse = (fields: object) => parseScenario(JSON.stringify({ ...valid, ...fields }), "bank.json");

describe("bank scenario errors", () => {
  it.each([
    [{ programs: { P0: {} } }, "bank.json: programs.P0: must be a list of { to, amount } sends"],
    [{ programs: { P9: [] } }, 'bank.json: programs.P9: "P9" is not a process (processes are P0, P1)'],
    [{ programs: { P0: [{ to: "P1", amount: 1, memo: "x" }] } }, "bank.json: programs.P0[0].memo: unknown key (expected to, amount)"],
    [{ programs: { P1: [{ to: "P0", amount: 1 }] } }, "bank.json: programs.P1[0].to: there is no channel P1->P0"],
    [{ programs: { P0: [{ amount: 5 }] } }, "bank.json: programs.P0[0].to: missing: name a process (processes are P0, P1)"],
    [{ programs: { P0: [{ to: "P1", amount: 0 }] } }, "bank.json: programs.P0[0].amount: must be a positive integer, got 0"],
    [{ programs: { P0: [{ to: "P1", amount: 1.5 }] } }, "bank.json: programs.P0[0].amount: must be an integer, got 1.5"],
    [{ initiators: [] }, "bank.json: initiators: must be a non-empty list of processes"],
    [{ initiators: ["P0", "P0"] }, "bank.json: initiators[1]: P0 is listed twice"],
    [{ model: "database" }, 'bank.json: model: must be "bank" for a bank scenario'],
    [{ algorithm: "bogus" }, 'bank.json: algorithm: unknown algorithm "bogus" (known: chandy-lamport, defer-after-recording)'],
  ])("should refuse %j in one line naming the field", (fields, message) => {
    expect(messageOf(() => parse(fields))).toBe(message);
  });

  it("should accept a model field that says bank", () => {
    expect(parse({ model: "bank" }).processes).toEqual(["P0", "P1"]);
  });
});
