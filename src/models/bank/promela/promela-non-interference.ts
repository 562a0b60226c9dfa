/**
 * Non-interference (spec/model.md) as a Promela expression: in a terminal
 * state every balance is the one a run without a snapshot ends with. Sends
 * are unconditional and every message is delivered, so those balances are
 * constants of the scenario: each transfer debited from its sender and
 * credited to its receiver.
 */
import type { MessageCatalogue } from "../packed/message-catalogue.js";
import type { Scenario } from "../scenario.js";
import type { PromelaNames } from "./promela-names.js";

export function promelaNonInterference(scenario: Scenario, names: PromelaNames, catalogue: MessageCatalogue): string {
  if (scenario.lossy !== undefined || scenario.duplicating !== undefined) return faultyNonInterference(scenario, names, catalogue);
  const balances = scenario.initialBalances.slice();
  scenario.programs.forEach((program, sender) =>
    program.forEach(({ channel, amount }) => {
      balances[sender]! -= amount;
      balances[scenario.channels[channel]!.to]! += amount;
    }),
  );
  return balances.map((balance, p) => `bal_${names.process[p]} == ${balance}`).join(" && ");
}

/**
 * On unreliable channels a message may never arrive or arrive twice, so the
 * balance a run ends with is its own: what was sent taken off, and every
 * delivery (a count on duplicating channels) added.
 */
function faultyNonInterference(scenario: Scenario, names: PromelaNames, catalogue: MessageCatalogue): string {
  return scenario.processes
    .map((_, p) => {
      const n = names.process[p];
      const sent = scenario.programs[p]!.reduce((total, { amount }) => total + amount, 0);
      const credited = catalogue.toProcess[p]!.map((m, i) => ` + recv_${n}[${i}] * ${catalogue.messages[m]!.amount}`).join("");
      return `bal_${n} == ${scenario.initialBalances[p]! - sent}${credited}`;
    })
    .join(" && ");
}
