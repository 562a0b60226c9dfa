/**
 * Taking a snapshot must not change the computation it observes. Every run
 * of a bank without snapshots ends in the same state: every transfer sent and
 * credited. So a run with a snapshot must end with those balances too.
 */
import { atTermination, type Property } from "../../model/property.js";
import type { Scenario } from "../../bank/scenario.js";
import type { BankState } from "../../bank/state.js";

export function nonInterference(scenario: Scenario): Property<BankState> {
  const expected = scenario.initialBalances.slice();
  scenario.programs.forEach((program, from) =>
    program.forEach((t) => {
      expected[from]! -= t.amount;
      expected[scenario.channels[t.channel]!.to]! += t.amount;
    }),
  );
  return atTermination<BankState>(
    "non-interference",
    "Taking a snapshot does not change the computation: every run ends with the balances of a run without one.",
    (state) => {
      const p = state.processes.findIndex((q, i) => q.balance !== expected[i]);
      if (p < 0) return undefined;
      const held = state.processes[p]!.buffered;
      const why = held ? ` (${held.join(", ")} held back, never credited)` : "";
      return `${scenario.processes[p]} ends with ${state.processes[p]!.balance}, but without a snapshot every run ends with ${expected[p]}${why}`;
    },
  );
}
