/**
 * Non-interference (spec/model.md) as a Promela expression: in a terminal
 * state every balance is the one a run without a snapshot ends with. Sends
 * are unconditional and every message is delivered, so those balances are
 * constants of the scenario: each transfer debited from its sender and
 * credited to its receiver.
 */
import type { Scenario } from "../scenario.js";
import type { PromelaNames } from "./promela-names.js";

export function promelaNonInterference(scenario: Scenario, names: PromelaNames): string {
  const balances = scenario.initialBalances.slice();
  scenario.programs.forEach((program, sender) =>
    program.forEach(({ channel, amount }) => {
      balances[sender]! -= amount;
      balances[scenario.channels[channel]!.to]! += amount;
    }),
  );
  return balances.map((balance, p) => `bal_${names.process[p]} == ${balance}`).join(" && ");
}
