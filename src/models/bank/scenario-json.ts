/**
 * A scenario written back in the file format of spec/model.md, so that a saved
 * trace carries the very system it ran on and replays anywhere. `fifo` and
 * `algorithm` are left out: the trace states them itself.
 */
import type { Scenario } from "./scenario.js";

export interface ScenarioJson {
  readonly name: string;
  readonly processes: Readonly<Record<string, number>>;
  readonly channels: readonly (readonly [string, string])[];
  readonly programs: Readonly<Record<string, readonly { to: string; amount: number }[]>>;
  readonly initiators: readonly string[];
  /** Written only when false: the default is one-step sends. */
  readonly atomicSend?: false;
}

export function scenarioJson(scenario: Scenario): ScenarioJson {
  const name = (p: number) => scenario.processes[p]!;
  return {
    name: scenario.name,
    processes: Object.fromEntries(scenario.processes.map((p, i) => [p, scenario.initialBalances[i]!])),
    channels: scenario.channels.map((c) => [name(c.from), name(c.to)] as const),
    programs: Object.fromEntries(
      scenario.programs.flatMap((steps, p) =>
        steps.length === 0 ? [] : [[name(p), steps.map((t) => ({ to: name(scenario.channels[t.channel]!.to), amount: t.amount }))]],
      ),
    ),
    initiators: scenario.initiators.map(name),
    ...(scenario.atomicSend === false ? { atomicSend: false as const } : {}),
  };
}
