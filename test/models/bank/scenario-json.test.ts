import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { scenarioJson } from "../../../src/models/bank/scenario-json.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

const dir = fileURLToPath(new URL("../../../spec/scenarios/", import.meta.url));
const shipped = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => loadModelScenario(dir + f, [bankModel]).scenario);

describe("scenarioJson", () => {
  it("should write every shipped scenario so that it reads back the same", () => {
    for (const scenario of shipped) {
      const text = JSON.stringify({ ...scenarioJson(scenario), fifo: scenario.fifo, algorithm: scenario.algorithm });
      expect(parseScenario(text)).toEqual(scenario);
    }
  });

  it("should know every field of a scenario (add a new one to the trace format when it appears)", () => {
    const fields = ["algorithm", "atomicSend", "channels", "fifo", "initialBalances", "initiators", "name", "processes", "programs"];
    // The faults appear only in scenarios that have them (the two-node case studies are not in this folder).
    const faults = ["duplicating", "lossy"];
    for (const scenario of shipped) expect(Object.keys(scenario).sort()).toEqual([...fields, ...faults.filter((f) => f in scenario)].sort());
    expect(shipped.filter((s) => s.lossy || s.duplicating).map((s) => s.name)).toEqual(["duplicating-transfer", "lossy-transfer"]);
  });

  it("should leave out the programs of processes that send nothing", () => {
    const scenario = parseScenario(JSON.stringify({ processes: { A: 1, B: 2 }, programs: { B: [{ to: "A", amount: 1 }] }, initiators: ["A"] }));
    expect(scenarioJson(scenario)).toEqual({
      name: "<scenario>",
      processes: { A: 1, B: 2 },
      channels: [
        ["A", "B"],
        ["B", "A"],
      ],
      programs: { B: [{ to: "A", amount: 1 }] },
      initiators: ["A"],
    });
  });

  it("should keep a two-step send (the Go bank simulator's race) when a scenario has one", () => {
    const scenario = loadModelScenario(dir + "case-studies/go-bank-goroutines.json", [bankModel]).scenario;
    expect(scenarioJson(scenario).atomicSend).toBe(false);
    const text = JSON.stringify({ ...scenarioJson(scenario), fifo: scenario.fifo, algorithm: scenario.algorithm });
    expect(parseScenario(text, scenario.name)).toEqual(scenario);
  });
});
