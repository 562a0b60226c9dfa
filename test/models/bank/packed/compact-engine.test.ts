import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../../../src/models/bank/algorithms/chandy-lamport.js";
import { enabledActions } from "../../../../src/models/bank/actions.js";
import { parseScenario } from "../../../../src/models/bank/parse-scenario.js";
import { initialState } from "../../../../src/models/bank/bank-state.js";
import { step } from "../../../../src/models/bank/system.js";
import type { BankReport } from "../../../../src/models/bank/bank-report.js";
import { CompactBank } from "../../../../src/models/bank/packed/compact-bank.js";
import { CompactBankModel } from "../../../../src/models/bank/packed/compact-model.js";
import { decodeState } from "../../../../src/models/bank/packed/decode-state.js";
import { bankProperties } from "../../../../src/models/bank/properties.js";
import { bankTextReport } from "../../../../src/models/bank/bank-text-report.js";
import { randomScenario, scenarioText } from "../../../support/random-scenario.js";
import { oracleFigures } from "../../../support/oracle.js";
import { figures } from "../../../support/figures.js";
import { check } from "../../../../src/check/check.js";
import { bankModel } from "../../../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../../../src/models/load-model-scenario.js";

/** What must not depend on the engine: every figure, verdict and counterexample, and the report a person reads. */
function outcome(report: BankReport) {
  const { search: _search, elapsedMs: _elapsed, ...rest } = report;
  // The report's search line names the engine, so it is left out of the comparison.
  return { ...rest, text: bankTextReport({ ...rest, elapsedMs: 0 }, { listSnapshots: true }) };
}

describe("compact engine", () => {
  it("should find, for every small scenario, exactly what the generic explorer finds", () => {
    fc.assert(
      fc.property(randomScenario(), (scenario) => {
        const compact = check({ model: bankModel, scenario: scenario });
        fc.pre(compact.states <= 3000);
        expect(compact.search?.engine).toBe("compact");
        expect(outcome(compact)).toEqual(outcome(check({ model: bankModel, scenario: scenario }, { engine: "generic" })));
      }),
      { numRuns: 40, seed: 5 },
    );
  });

  it("should build, step by step, the states the readable model builds, in the same action order", () => {
    fc.assert(
      fc.property(randomScenario(), fc.array(fc.nat(), { maxLength: 30 }), (scenario, choices) => {
        const bank = new CompactBank(scenario);
        const model = new CompactBankModel(bank, bankProperties(scenario));
        let vector = new Uint32Array(model.words);
        let state = initialState(scenario);
        const successors = new Uint32Array(model.maxActions * model.words);
        for (const choice of choices) {
          const actions = enabledActions(scenario, state);
          const n = model.successors(vector, 0, successors);
          expect(n).toBe(actions.length);
          if (n === 0) break;
          const i = choice % n;
          vector = successors.slice(i * model.words, (i + 1) * model.words);
          state = step(scenario, chandyLamport, state, actions[i]!);
          expect(decodeState(bank, vector)).toEqual(state);
        }
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it("should handle a channel carrying more messages than fit in one word of the vector", () => {
    // 32 messages and a marker on P0->P1: the queue is read field by field, not as one mask.
    const sends = Array.from({ length: 32 }, (_, k) => ({ to: "P1", amount: k + 1 }));
    const scenario = parseScenario(JSON.stringify({ processes: { P0: 100, P1: 100 }, programs: { P0: sends }, initiators: ["P0"] }));
    expect(outcome(check({ model: bankModel, scenario: scenario }))).toEqual(outcome(check({ model: bankModel, scenario: scenario }, { engine: "generic" })));
  });

  it("should agree with the independent oracle on small random scenarios", () => {
    fc.assert(
      fc.property(scenarioText(), (text) => {
        const report = check({ model: bankModel, scenario: parseScenario(text) });
        fc.pre(report.states <= 300); // the oracle is deliberately naive, hence slow
        expect(figures(report)).toEqual(oracleFigures(JSON.parse(text)));
      }),
      { numRuns: 25, seed: 19 },
    );
  });

  it("should agree with the independent oracle on the two-node scenario, FIFO and not", () => {
    const file = "spec/scenarios/two-node.json";
    for (const fifo of [true, false]) {
      const report = check({ model: bankModel, scenario: { ...loadModelScenario(file, [bankModel]).scenario, fifo } });
      expect(figures(report)).toEqual(oracleFigures(JSON.parse(readFileSync(file, "utf8")), fifo));
    }
  });
});
