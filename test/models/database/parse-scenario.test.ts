import { describe, expect, it } from "vitest";
import { parseDatabaseScenario } from "../../../src/models/database/parse-scenario.js";

const valid = {
  model: "database",
  nodes: { A: { x: 100, y: 50 }, B: { x: 100 } },
  programs: {
    A: [
      { from: "x", to: "y", amount: 10 },
      { from: "y", to: "B.x", amount: 20 },
    ],
  },
  initiators: ["A"],
  algorithm: "blocking",
};
const parse = (fields: object) => parseDatabaseScenario(JSON.stringify({ ...valid, ...fields }), "db.json");

describe("parseDatabaseScenario", () => {
  it("should resolve nodes, accounts, the complete graph of channels and local or distributed transactions", () => {
    const s = parse({});
    expect(s).toMatchObject({ name: "db", nodes: ["A", "B"], accounts: [["x", "y"], ["x"]], initialBalances: [[100, 50], [100]], initiators: [0] });
    expect(s.channels.map((c) => c.id)).toEqual(["A->B", "B->A"]);
    expect(s.programs).toEqual([
      [
        { id: "A#1", from: { node: 0, account: 0 }, to: { node: 0, account: 1 }, amount: 10, channel: undefined },
        { id: "A#2", from: { node: 0, account: 1 }, to: { node: 1, account: 0 }, amount: 20, channel: 0 },
      ],
      [],
    ]);
  });

  it.each([
    [{ model: "bank" }, 'db.json: model: must be "database"'],
    [{ extra: 1 }, "db.json: extra: unknown key (expected one of model, name, nodes, programs, initiators, algorithm)"],
    [{ nodes: { A: { x: 1 } } }, "db.json: nodes: must name at least two nodes"],
    [{ nodes: { "A.1": { x: 1 }, B: { x: 1 } } }, 'db.json: nodes.A.1: a node\'s name cannot contain "."'],
    [{ nodes: { A: {}, B: { x: 1 } } }, "db.json: nodes.A: must name at least one account"],
    [{ nodes: { A: { x: "1" }, B: { x: 1 } } }, 'db.json: nodes.A.x: must be an integer, got "1"'],
    [{ programs: { C: [] } }, 'db.json: programs.C: "C" is not a node (nodes are A, B)'],
    [{ programs: { A: {} } }, "db.json: programs.A: must be a list of { from, to, amount } transactions"],
    [{ programs: { A: [{ from: "x", to: "y", amount: 1, at: 2 }] } }, "db.json: programs.A[0].at: unknown key (expected from, to, amount)"],
    [{ programs: { A: [{ from: "z", to: "y", amount: 1 }] } }, 'db.json: programs.A[0].from: "z" is not an account of A (accounts are x, y)'],
    [{ programs: { A: [{ from: "x", to: 3, amount: 1 }] } }, 'db.json: programs.A[0].to: must be an account here ("y") or on another node ("B.y")'],
    [{ programs: { A: [{ from: "x", to: "B.y", amount: 1 }] } }, 'db.json: programs.A[0].to: "y" is not an account of B (accounts are x)'],
    [{ programs: { A: [{ from: "x", to: "C.x", amount: 1 }] } }, 'db.json: programs.A[0].to: "C" is not a node (nodes are A, B)'],
    [{ programs: { A: [{ from: "x", to: "y", amount: 0 }] } }, "db.json: programs.A[0].amount: must be a positive integer, got 0"],
    [{ initiators: [] }, "db.json: initiators: must be a non-empty list of nodes"],
    [{ initiators: ["A", "A"] }, "db.json: initiators[1]: A is listed twice"],
    [
      { algorithm: "chandy-lamport" },
      "db.json: algorithm: must name a database snapshot design (chandy-lamport-redo, blocking, coordinator, blocking-until-all-done, coordinator-with-resume)",
    ],
  ])("should refuse %j in one line naming the field", (fields, message) => {
    expect(() => parse(fields)).toThrow(message);
  });
});
