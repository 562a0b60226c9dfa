/** Scenario fixtures and a fast-check generator of small random scenarios. */
import fc from "fast-check";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { bankModel } from "../../src/models/bank/bank-model.js";

export interface ScenarioJson {
  name?: string;
  processes: Record<string, number>;
  channels?: [string, string][];
  programs?: Record<string, { to: string; amount: number }[]>;
  initiators: string[];
  fifo?: boolean;
}

export const fromJson = (json: ScenarioJson): Scenario => parseScenario(JSON.stringify(json), "test.json");
export const specScenario = (name: string): Scenario => loadModelScenario(`spec/scenarios/${name}.json`, [bankModel]).scenario;

export const twoIdleProcesses: ScenarioJson = {
  processes: { P0: 100, P1: 100 },
  channels: [
    ["P0", "P1"],
    ["P1", "P0"],
  ],
  initiators: ["P0"],
};

/**
 * Random scenarios with 2..maxProcesses processes, a random set of channels,
 * up to `maxSends` sends in all (each on an existing channel), 1..2 initiators.
 */
export function smallScenario(options: { maxProcesses: number; maxSends: number }): fc.Arbitrary<ScenarioJson> {
  return fc.integer({ min: 2, max: options.maxProcesses }).chain((n) => {
    const names = Array.from({ length: n }, (_, i) => `P${i}`);
    const pairs = names.flatMap((a) => names.filter((b) => b !== a).map((b): [string, string] => [a, b]));
    return fc
      .record({
        channels: fc.subarray(pairs, { minLength: 1 }),
        balances: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n, maxLength: n }),
        sends: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 50 })), { maxLength: options.maxSends }),
        initiators: fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }),
      })
      .map(({ channels, balances, sends, initiators }) => {
        const programs: Record<string, { to: string; amount: number }[]> = {};
        for (const [pick, amount] of sends) {
          const [from, to] = channels[pick % channels.length]!;
          (programs[from] ??= []).push({ to, amount });
        }
        return {
          processes: Object.fromEntries(names.map((p, i) => [p, balances[i]!])),
          channels,
          programs,
          initiators,
        };
      });
  });
}
