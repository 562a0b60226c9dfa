/**
 * Inputs that used to break snaplab (issue 11): names that clash or hide as
 * object keys, money past 2^53−1, and scenarios too big to explore. Each is
 * refused, or handled, before any search starts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ScenarioError } from "../../src/errors/scenario-error.js";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import { recordedSnapshot, formatSnapshot } from "../../src/models/bank/snapshot.js";
import { initialState } from "../../src/models/bank/bank-state.js";
import { parseModelScenario } from "../../src/models/registry.js";
import { SCENARIO_LIMITS } from "../../src/scenario/scenario-fields.js";
import { runCli, tempFile } from "../support/cli.js";

const refusal = (json: unknown): string => {
  try {
    parseModelScenario(JSON.stringify(json), "s.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error("accepted");
};

const processes = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`P${i}`, 1]));
const MAX = Number.MAX_SAFE_INTEGER;
const MONEY = "the balances and amounts, added up as magnitudes, must stay within 9,007,199,254,740,991 (2^53−1) so that every sum is exact";

describe("what a name may be", () => {
  it.each([
    [{ processes: { "A->B": 1, "B->C": 1 }, initiators: ["A->B"] }, 's.json: processes.A->B: a name cannot contain "->" (channels are named "from->to")'],
    [{ processes: { A: 1, "": 1 }, initiators: ["A"] }, "s.json: processes.: a name cannot be empty"],
    [{ processes: { A: 1, ["x".repeat(65)]: 1 }, initiators: ["A"] }, `s.json: processes.${"x".repeat(65)}: a name has at most 64 characters, this one has 65`],
    [{ processes: { A: 1, "B\n": 1 }, initiators: ["A"] }, "s.json: processes.B\n: a name cannot contain control characters"],
    // Counted in code points: 65 emoji were "128" (UTF-16 units), and 64 emoji were refused.
    [
      { processes: { A: 1, ["😀".repeat(65)]: 1 }, initiators: ["A"] },
      `s.json: processes.${"😀".repeat(65)}: a name has at most 64 characters, this one has 65`,
    ],
    [
      { model: "database", nodes: { A: { x: 1 }, "B->C": { x: 1 } }, initiators: ["A"], algorithm: "blocking" },
      's.json: nodes.B->C: a name cannot contain "->"',
    ],
    [
      { model: "database", nodes: { A: { x: 1 }, B: { "y->z": 1 } }, initiators: ["A"], algorithm: "blocking" },
      's.json: nodes.B.y->z: a name cannot contain "->"',
    ],
    [{ model: "dataflow", sources: { S1: 1, "S->2": 1 }, checkpoints: 1, algorithm: "aligned" }, 's.json: sources.S->2: a name cannot contain "->"'],
  ])("refuses case %#", (json, message) => {
    expect(refusal(json)).toContain(message);
  });

  it("takes a name of 64 emoji, 64 characters", () => {
    expect(parseScenario(JSON.stringify({ processes: { A: 1, ["😀".repeat(64)]: 1 }, initiators: ["A"] })).processes[1]).toBe("😀".repeat(64));
  });

  it("takes __proto__, constructor and toString as names like any other", () => {
    // A JSON text, not an object literal: in a literal, __proto__ sets the prototype.
    const scenario = parseScenario(
      '{ "processes": { "__proto__": 10, "constructor": 5, "toString": 1 }, "programs": { "constructor": [{ "to": "__proto__", "amount": 2 }] }, "initiators": ["__proto__"] }',
    );
    expect(scenario.processes).toEqual(["__proto__", "constructor", "toString"]);
    expect(scenario.programs.map((steps) => steps.length)).toEqual([0, 1, 0]);
    const snapshot = recordedSnapshot(scenario, initialState(scenario));
    expect(Object.keys(snapshot.processes)).toEqual(["__proto__", "constructor", "toString"]);
    expect(formatSnapshot(snapshot)).toMatch(/^__proto__ \(not recorded\), constructor \(not recorded\), toString \(not recorded\); __proto__->constructor/);
  });
});

describe("money stays exact", () => {
  // JSON text, not objects: 1e400 is read as Infinity, which JSON.stringify would write as null.
  it.each([
    ['"processes": { "A": 9007199254740992, "B": 0 }', "processes.A: must be an integer within ±9,007,199,254,740,991 (2^53−1), got 9007199254740992"],
    ['"processes": { "A": 1e20, "B": 0 }', "processes.A: must be an integer within ±9,007,199,254,740,991 (2^53−1), got 100000000000000000000"],
    [
      '"processes": { "A": 1, "B": 0 }, "programs": { "A": [{ "to": "B", "amount": 1e400 }] }',
      "programs.A[0].amount: must be an integer within ±9,007,199,254,740,991 (2^53−1), got a number too large for JavaScript (read as Infinity)",
    ],
    [
      '"processes": { "A": -1e400, "B": 0 }',
      "processes.A: must be an integer within ±9,007,199,254,740,991 (2^53−1), got a number too large for JavaScript (read as -Infinity)",
    ],
  ])("refuses a whole number out of range, saying so: %s", (fields, problem) => {
    expect(() => parseModelScenario(`{ ${fields}, "initiators": ["A"] }`, "s.json")).toThrow(expect.objectContaining({ message: `s.json: ${problem}` }));
  });

  it.each([
    [{ processes: { A: MAX, B: 0 }, programs: { B: [{ to: "A", amount: 2 }] }, initiators: ["A"] }, `s.json: programs: ${MONEY}`],
    [{ processes: { A: MAX, B: -1 }, initiators: ["A"] }, `s.json: processes: ${MONEY}`],
    [{ model: "database", nodes: { A: { x: MAX }, B: { x: 1 } }, initiators: ["A"], algorithm: "blocking" }, `s.json: nodes: ${MONEY}`],
    [
      {
        model: "database",
        nodes: { A: { x: MAX - 1 }, B: { x: 0 } },
        programs: { B: [{ from: "x", to: "A.x", amount: 2 }] },
        initiators: ["A"],
        algorithm: "blocking",
      },
      `s.json: programs: ${MONEY}`,
    ],
  ])("refuses case %#", (json, message) => {
    expect(refusal(json)).toBe(message);
  });

  it("accepts money up to 2^53−1 in all (promela: 2^31−1, SPIN's int)", async () => {
    const { status, stdout } = await runCli(
      "promela",
      tempFile("int.json", { processes: { A: 2 ** 31 - 2, B: 0 }, programs: { B: [{ to: "A", amount: 1 }] }, initiators: ["A"] }),
    );
    expect(status).toBe(0);
    expect(stdout).toContain("int bal_A = 2147483646;");
    expect(() =>
      parseScenario(JSON.stringify({ processes: { A: MAX - 2, B: 0 }, programs: { B: [{ to: "A", amount: 2 }] }, initiators: ["A"] })),
    ).not.toThrow();
  });
});

describe("scenarios too big to explore", () => {
  it("has the caps spec/model.md states", () => {
    expect(SCENARIO_LIMITS).toEqual({ nameLength: 64, parties: 16, programSteps: 100, snapshots: 64 });
    const spec = readFileSync("spec/model.md", "utf8").replace(/\s+/g, " ");
    expect(spec).toContain("is 1 to 64 characters, without `->`");
    expect(spec).toContain("At most 16 processes (nodes, accounts per node), at most 100 program steps in all");
    expect(spec).toContain("at most 64 snapshots in a run (`snapshots`)");
  });

  const sends = (n: number) => ({ P0: Array.from({ length: n }, () => ({ to: "P1", amount: 1 })) });
  it.each([
    [{ processes: processes(17), initiators: ["P0"] }, "s.json: processes: at most 16 processes, got 17"],
    [{ processes: processes(2), programs: sends(101), initiators: ["P0"] }, "s.json: programs: at most 100 sends in all, got 101"],
    [{ processes: processes(2), initiators: ["P0"], snapshots: Array(65).fill("P0") }, "s.json: snapshots: at most 64 snapshots in a run, got 65"],
    [{ model: "database", nodes: { A: { x: 1 }, B: processes(17) }, initiators: ["A"], algorithm: "blocking" }, "s.json: nodes.B: at most 16 accounts, got 17"],
    [{ model: "dataflow", sources: { S1: 60, S2: 41 }, checkpoints: 1, algorithm: "aligned" }, "s.json: sources: at most 100 records in all, got 101"],
    [{ model: "dataflow", sources: { S1: 1, S2: 1 }, checkpoints: 101, algorithm: "aligned" }, "s.json: checkpoints: at most 100 checkpoints, got 101"],
  ])("refuses case %#", (json, message) => {
    expect(refusal(json)).toBe(message);
  });

  it("accepts a scenario at the caps", () => {
    expect(() => parseScenario(JSON.stringify({ processes: processes(16), programs: sends(100), initiators: ["P0"] }))).not.toThrow();
    const snapshots = JSON.stringify({ processes: processes(2), initiators: ["P0"], snapshots: Array(64).fill("P0") });
    expect(() => parseModelScenario(snapshots, "s.json")).not.toThrow();
  });
});

// As a user runs it: one line naming the file and the field, exit 2, before any search. The real
// binary for the biggest input (10^5 sends once grew the process by gigabytes); `main` in this
// process for the others.
describe("snaplab on odd inputs", () => {
  it.each([
    ["explore", { processes: processes(200), initiators: ["P0"] }, "processes: at most 16 processes, got 200"],
    [
      "promela",
      { processes: processes(2), programs: { P0: Array.from({ length: 100_000 }, () => ({ to: "P1", amount: 1 })) }, initiators: ["P0"] },
      "programs: at most 100 sends in all, got 100,000",
    ],
    ["explore", { processes: { A: MAX, B: 0 }, programs: { B: [{ to: "A", amount: 2 }] }, initiators: ["A"] }, `programs: ${MONEY}`],
    ["promela", { processes: { A: MAX, B: 0 }, programs: { B: [{ to: "A", amount: 2 }] }, initiators: ["A"] }, `programs: ${MONEY}`],
    [
      "promela",
      { processes: processes(2), programs: { P0: Array.from({ length: 33 }, () => ({ to: "P1", amount: 1 })) }, initiators: ["P0"] },
      "programs: snaplab promela writes at most 32 sends on one channel (P0->P1 has 33): the model grows with the cube of that number",
    ],
    [
      "promela",
      { processes: { A: 2 ** 31 - 1, B: 0 }, programs: { B: [{ to: "A", amount: 1 }] }, initiators: ["A"] },
      "programs: SPIN's int has 32 bits: the balances and amounts, added up as magnitudes, must stay within 2,147,483,647 (2^31−1)",
    ],
    // Balances alone past SPIN's int: the processes' fault, not the programs' (the file has none).
    [
      "promela",
      { processes: { A: 2 ** 31, B: 0 }, initiators: ["A"] },
      "processes: SPIN's int has 32 bits: the balances and amounts, added up as magnitudes, must stay within 2,147,483,647 (2^31−1)",
    ],
    ["explore", { processes: { "A->B": 1, "B->C": 1 }, initiators: ["A->B"] }, 'processes.A->B: a name cannot contain "->" (channels are named "from->to")'],
  ])("%s %#: one line, exit 2", async (command, json, problem) => {
    const file = tempFile("odd.json", json);
    const { status, stdout, stderr } = await runCli(command, file, ...(command === "explore" ? ["--max-states", "1000"] : []));
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: ${problem}\n` });
  });

  it("explores a process named constructor, and lists one named __proto__ in every snapshot", async () => {
    const file = tempFile(
      "proto.json",
      '{ "processes": { "__proto__": 10, "constructor": 5 }, "programs": { "constructor": [{ "to": "__proto__", "amount": 2 }] }, "initiators": ["__proto__"] }',
    );
    const compact = await runCli("explore", file, "--format", "json", "--list-snapshots");
    const generic = await runCli("explore", file, "--format", "json", "--list-snapshots", "--engine", "generic");
    for (const run of [compact, generic]) {
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout);
      expect(report.properties.conservation).toBe("holds");
      expect(report.snapshotList.map((s: { processes: object }) => Object.keys(s.processes))).toEqual(
        Array(report.snapshots).fill(["__proto__", "constructor"]),
      );
    }
    expect(JSON.parse(compact.stdout).snapshotList).toEqual(JSON.parse(generic.stdout).snapshotList);
  });
});
