// Counterexamples the picture and trace tests draw: the shipped scenarios
// checked with FIFO off (or as they are), and paths walked by hand.
import { fileURLToPath } from "node:url";
import { enabledActions, formatAction, type BankAction } from "../../src/models/bank/actions.js";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import { initialState, type BankState } from "../../src/models/bank/bank-state.js";
import { step } from "../../src/models/bank/system.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { SnapshotAlgorithm } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import type { Counterexample } from "../../src/check/report.js";
import type { Violation } from "../../src/explore/exploration.js";
import type { BankReport } from "../../src/models/bank/bank-report.js";
import { check } from "../../src/check/check.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";

export function scenarioFile(name: string): string {
  return fileURLToPath(new URL(`../../spec/scenarios/${name}.json`, import.meta.url));
}

const reports = new Map<string, BankReport>();

/** A shipped scenario checked exhaustively (once per test file). */
export function checked(name: string, fifo?: boolean): BankReport {
  const key = `${name}/${fifo}`;
  const scenario = loadModelScenario(scenarioFile(name), [bankModel]).scenario;
  if (!reports.has(key)) reports.set(key, check({ model: bankModel, scenario: fifo === undefined ? scenario : { ...scenario, fifo } }));
  return reports.get(key)!;
}

export function counterexampleOf(report: BankReport, property: string): Counterexample<BankState, BankAction> {
  const found = report.counterexamples.find((c) => c.property === property);
  if (!found) throw new Error(`no counterexample for ${property}`);
  return found;
}

/** A hand-made path, shaped as a violation for the pictures. */
export type Walk = Violation<BankState, BankAction> & { readonly length: number };

/** The path that takes the actions named (as formatAction names them), one by one. */
export function walk(scenario: Scenario, names: readonly string[], algorithm: SnapshotAlgorithm = chandyLamport): Walk {
  const states: BankState[] = [initialState(scenario)];
  const actions: BankAction[] = [];
  for (const name of names) {
    const state = states[states.length - 1]!;
    const action = enabledActions(scenario, state).find((a) => formatAction(scenario, state, a) === name);
    if (!action) throw new Error(`"${name}" is not enabled`);
    actions.push(action);
    states.push(step(scenario, algorithm, state, action));
  }
  return { property: "walk", reason: "a hand-made path", length: actions.length, path: { states, actions } };
}

/** A run that follows `choices` (each picks among the enabled actions) until they or the actions run out. */
export function randomWalk(scenario: Scenario, choices: readonly number[], algorithm: SnapshotAlgorithm = chandyLamport): Walk {
  let state = initialState(scenario);
  const names: string[] = [];
  for (const choice of choices) {
    const enabled = enabledActions(scenario, state);
    if (enabled.length === 0) break;
    const action = enabled[choice % enabled.length]!;
    names.push(formatAction(scenario, state, action));
    state = step(scenario, algorithm, state, action);
  }
  return walk(scenario, names, algorithm);
}

/** Three processes, two initiators, sends in every direction, no FIFO: busy enough for random runs. */
export const threeWay: Scenario = parseScenario(
  JSON.stringify({
    processes: { A: 10, B: 10, C: 10 },
    programs: {
      A: [
        { to: "B", amount: 1 },
        { to: "C", amount: 2 },
      ],
      B: [{ to: "C", amount: 3 }],
      C: [{ to: "A", amount: 4 }],
    },
    initiators: ["A", "C"],
    fifo: false,
  }),
);
