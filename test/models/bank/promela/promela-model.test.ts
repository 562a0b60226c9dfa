import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../src/models/bank/parse-scenario.js";
import { bankProperties } from "../../../../src/models/bank/properties.js";
import type { Scenario } from "../../../../src/models/bank/scenario.js";
import { isSnapshotComplete, type BankState } from "../../../../src/models/bank/bank-state.js";
import { messageCatalogue } from "../../../../src/models/bank/packed/message-catalogue.js";
import { promelaModel } from "../../../../src/models/bank/promela/promela-model.js";
import { inComment, promelaNames } from "../../../../src/models/bank/promela/promela-names.js";
import { parseModelScenario } from "../../../../src/models/registry.js";
import { promelaProperties } from "../../../../src/models/bank/promela/promela-properties.js";
import { randomScenario } from "../../../support/random-scenario.js";
import { walkToCompleteSnapshot } from "../../../support/walk.js";
import { loadModelScenario } from "../../../../src/models/load-model-scenario.js";
import { bankModel } from "../../../../src/models/bank/bank-model.js";

const twoNode = loadModelScenario("spec/scenarios/two-node.json", [bankModel]).scenario;

/** The Promela variables the properties read, for a readable state. */
function recordedVariables(scenario: Scenario, state: BankState): Record<string, number | number[]> {
  const catalogue = messageCatalogue(scenario);
  const names = promelaNames(scenario);
  const number = (id: string) => catalogue.messages.findIndex((m) => m.id === id) + 1;
  const variables: Record<string, number | number[]> = {};
  catalogue.messages.forEach((_, m) => (variables[names.message[m]!] = m + 1));
  state.processes.forEach((p, i) => {
    const name = names.process[i]!;
    variables[`rpc_${name}`] = p.recorded!.pc;
    variables[`rbal_${name}`] = p.recorded!.balance;
    variables[`rrecv_${name}`] = catalogue.toProcess[i]!.map((m) => (p.recorded!.received.includes(catalogue.messages[m]!.id) ? 1 : 0));
  });
  state.channels.forEach(({ recording }, c) => {
    const list = recording.status === "idle" ? [] : recording.messages.map((m) => number(m.id));
    variables[`rlist_${names.channel[c]}`] = [...list, ...Array(catalogue.onChannel[c]!.length - list.length).fill(0)];
    variables[`rlen_${names.channel[c]}`] = list.length;
  });
  return variables;
}

/** Evaluates a Promela expression of the kind the generator writes (C operators, `(c -> a : b)`) in JavaScript. */
function evaluate(expression: string, variables: Record<string, number | number[]>): boolean {
  const js = expression.replaceAll(" -> ", " ? ");
  const names = Object.keys(variables);
  return Boolean(new Function(...names, `return (${js});`)(...names.map((n) => variables[n])));
}

describe("snaplab promela", () => {
  it("should write one d_step per action, and the termination step", () => {
    const steps = (scenario: Scenario) =>
      promelaModel(scenario)
        .split("\n")
        .filter((line) => line.includes(":: d_step")).length;
    // Two sends, one initiate, a head delivery per channel, termination.
    expect(steps(twoNode)).toBe(6);
    // Without FIFO, a delivery per position: each queue holds a message and a marker.
    expect(steps({ ...twoNode, fifo: false })).toBe(8);
  });

  it("should make every name a valid, unique Promela identifier", () => {
    const scenario = parseScenario(JSON.stringify({ processes: { "bank-1": 5, "2x": 5, bank_1: 5 }, initiators: ["bank-1"] }));
    const names = promelaNames(scenario);
    expect(names.process).toEqual(["bank_1", "p2x", "bank_1_2"]);
    for (const name of [...names.process, ...names.channel]) expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    expect(new Set(names.channel).size).toBe(names.channel.length);
  });

  it("should write names into comments with every `*/` broken", () => {
    expect(inComment("c*/d")).toBe("c* /d");
    expect(inComment("a**/*/b")).toBe("a** /* /b");
    expect(inComment("P0->P1")).toBe("P0->P1");
  });

  it("should keep a scenario's names inside its comments, whatever they hold", () => {
    const named = {
      name: 'x*/y "*/',
      processes: { "c*/d": 5, "e */": 5 },
      programs: { "c*/d": [{ to: "e */", amount: 1 }] },
      initiators: ["c*/d"],
    };
    const promela = (json: object) => {
      const loaded = parseModelScenario(JSON.stringify(json), "names.json");
      return loaded.model.promela!(loaded.scenario, "names.json");
    };
    const models = [
      promela({ ...named, lossy: ["c*/d->e */"] }),
      promela({ ...named, atomicSend: false }),
      promela({ ...named, initiators: ["c*/d", "e */"], snapshots: ["c*/d", "e */"] }),
    ];
    for (const model of models) {
      expect(model).toContain('/* The bank scenario "x* /y "* /" with');
      // What is left outside the comments is Promela alone: no quote, no end of a comment, nothing of the names.
      const code = model.replace(/\/\*[\s\S]*?\*\//g, "");
      expect(code).not.toMatch(/\*\/|"|x\*|c\*|e \*/);
    }
  });

  it("should translate each snapshot property faithfully: same verdict on every complete state", () => {
    fc.assert(
      fc.property(randomScenario(), fc.array(fc.nat(), { maxLength: 40 }), (scenario, choices) => {
        // Walk to a complete snapshot (or the end), then compare the verdicts.
        const state = walkToCompleteSnapshot(scenario, choices);
        fc.pre(isSnapshotComplete(state));
        const expressions = promelaProperties(scenario, messageCatalogue(scenario), promelaNames(scenario));
        const variables = recordedVariables(scenario, state);
        const verdicts = bankProperties(scenario)
          .slice(0, 4)
          .map((p) => p.check(state) === undefined);
        expect(expressions.map((p) => evaluate(p.expression, variables))).toEqual(verdicts);
      }),
      { numRuns: 200, seed: 17 },
    );
  });
});
