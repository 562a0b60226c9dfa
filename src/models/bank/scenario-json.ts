/**
 * A scenario written back in the file format of spec/model.md, so that a saved
 * trace carries the very system it ran on and replays anywhere: each field
 * of the bank's table (fields.ts) writes itself. `fifo` and `algorithm` are
 * left out: the trace states them itself.
 */
import { bankFields } from "./fields.js";
import type { Scenario } from "./scenario.js";

export interface ScenarioJson {
  readonly name: string;
  readonly processes: Readonly<Record<string, number>>;
  readonly channels: readonly (readonly [string, string])[];
  readonly programs: Readonly<Record<string, readonly { to: string; amount: number }[]>>;
  readonly initiators: readonly string[];
  /** Written only when false: the default is one-step sends. */
  readonly atomicSend?: false;
  /** Written only when some channel has the fault: `true` for all of them, else their names. */
  readonly lossy?: true | readonly string[];
  readonly duplicating?: true | readonly string[];
}

export function scenarioJson(scenario: Scenario): ScenarioJson {
  const name = (p: number) => scenario.processes[p]!;
  const written = bankFields.flatMap((field) => {
    const value = field.write?.(scenario, name);
    return value === undefined ? [] : [[field.key, value] as const];
  });
  return Object.fromEntries(written) as unknown as ScenarioJson;
}
