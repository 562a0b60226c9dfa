// Small random scenarios for property tests: 2-4 processes, a random set of
// channels (or the complete graph), a few sends, random initiators, FIFO on or
// off. Sizes are kept so that the generic explorer checks each in milliseconds.
import fc from "fast-check";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import type { Scenario } from "../../src/models/bank/scenario.js";

/** At most this many sends in all, by number of processes (the state space grows fast). */
const MAX_SENDS: Record<number, number> = { 2: 3, 3: 2, 4: 1 };

export function scenarioText(): fc.Arbitrary<string> {
  return fc.integer({ min: 2, max: 4 }).chain((n) => {
    const names = Array.from({ length: n }, (_, i) => `P${i}`);
    const pairs = names.flatMap((from) => names.filter((to) => to !== from).map((to) => [from, to] as [string, string]));
    const channels = fc.option(fc.subarray(pairs, { minLength: 1 }), { nil: undefined });
    return fc
      .record({
        channels,
        sends: fc.array(fc.record({ from: fc.nat(n - 1), to: fc.nat(pairs.length - 1), amount: fc.integer({ min: 1, max: 50 }) }), {
          maxLength: MAX_SENDS[n]!,
        }),
        initiators: fc.subarray(names, { minLength: 1 }),
        fifo: fc.boolean(),
      })
      .map(({ channels, sends, initiators, fifo }) => {
        const links = channels ?? pairs;
        const programs: Record<string, { to: string; amount: number }[]> = {};
        for (const send of sends) {
          const outgoing = links.filter(([from]) => from === names[send.from]);
          if (outgoing.length === 0) continue;
          const [from, to] = outgoing[send.to % outgoing.length]!;
          (programs[from] ??= []).push({ to, amount: send.amount });
        }
        const processes = Object.fromEntries(names.map((name) => [name, 100]));
        return JSON.stringify({ processes, ...(channels ? { channels } : {}), programs, initiators, fifo });
      });
  });
}

export function randomScenario(): fc.Arbitrary<Scenario> {
  return scenarioText().map((text) => parseScenario(text, "random.json"));
}
