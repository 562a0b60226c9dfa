/**
 * The bank's field table is the one place a scenario field is declared: the
 * spec's field reference, the parser's keys, the trace writer and the compact
 * engine all follow it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bankModel } from "../../../src/models/bank/bank-model.js";
import { bankFields } from "../../../src/models/bank/fields.js";
import { unmodelledField } from "../../../src/models/bank/packed/engine-choice.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { scenarioJson } from "../../../src/models/bank/scenario-json.js";

/** The rows of the first table in spec/model.md whose header is "| field | meaning |". */
function specFieldTable(): [string, string][] {
  const lines = readFileSync(new URL("../../../spec/model.md", import.meta.url), "utf8").split("\n");
  const start = lines.indexOf("| field | meaning |");
  const rows: [string, string][] = [];
  for (const line of lines.slice(start + 2)) {
    const row = /^\| `(\w+)` \| (.*) \|$/.exec(line);
    if (!row) break;
    rows.push([row[1]!, row[2]!]);
  }
  return rows;
}

describe("the bank's field table", () => {
  it("is the field reference of spec/model.md, row for row (the bank's own, then several snapshots')", () => {
    expect(specFieldTable()).toEqual(bankModel.fields.map((field) => [field.key, field.meaning]));
  });

  it("gives the parser its keys", () => {
    expect(() => parseScenario(JSON.stringify({ processes: { P0: 1 }, initiators: ["P0"], colour: "red" }), "s.json")).toThrow(
      `s.json: colour: unknown key (expected one of ${bankFields.map((f) => f.key).join(", ")})`,
    );
  });

  it("writes a scenario back as the file it came from, leaving out what a trace states itself", () => {
    const file = {
      name: "s",
      processes: { P0: 5, P1: 7 },
      channels: [["P1", "P0"]],
      programs: { P1: [{ to: "P0", amount: 2 }] },
      initiators: ["P1"],
      atomicSend: false,
    };
    const scenario = parseScenario(JSON.stringify({ ...file, fifo: false, algorithm: "defer-after-recording" }));
    expect(scenarioJson(scenario)).toEqual(file);
    expect(parseScenario(JSON.stringify(scenarioJson(scenario)))).toEqual({ ...scenario, fifo: true, algorithm: "chandy-lamport" });
  });

  it("tells the compact engine which values it models", () => {
    const scenario = parseScenario(JSON.stringify({ processes: { P0: 1 }, initiators: ["P0"] }));
    expect(unmodelledField(scenario)).toBeUndefined();
    expect(unmodelledField({ ...scenario, atomicSend: false })).toBe("atomicSend: false");
    expect(unmodelledField({ ...scenario, colour: "red" } as typeof scenario)).toBe('colour: "red"');
  });
});
