/**
 * The five properties of spec/model.md as Promela expressions over the
 * generated variables, unrolled for the scenario at hand (the programs are
 * fixed, so every message, step and amount is a constant here). A recorded
 * list holds message constants in the order recorded; within a channel,
 * message constants grow in send order.
 */
import type { Scenario } from "../scenario.js";
import type { MessageCatalogue } from "../packed/message-catalogue.js";
import type { PromelaNames } from "./promela-names.js";
import { hasFaults } from "../faults.js";
import { faultPromelaProperties } from "./promela-fault-properties.js";

export interface PromelaProperty {
  /** The property's name as a Promela identifier (a #define). */
  readonly name: string;
  readonly expression: string;
  /** Variables outside the state that `prepare` computes the expression from (unreliable channels' conservation). */
  readonly hidden?: readonly string[];
  /** Statements run before the assertions, wherever they are checked. */
  readonly prepare?: readonly string[];
}

export function promelaProperties(scenario: Scenario, catalogue: MessageCatalogue, names: PromelaNames): PromelaProperty[] {
  if (hasFaults(scenario)) return faultPromelaProperties(scenario, catalogue, names);
  const { messages } = catalogue;
  const proc = (p: number) => names.process[p]!;
  const chan = (c: number) => names.channel[c]!;
  const receiver = (m: number) => scenario.channels[messages[m]!.channel]!.to;
  const slot = (m: number) => catalogue.toProcess[receiver(m)]!.indexOf(m);
  const keptAtRecording = (m: number) => `rrecv_${proc(receiver(m))}[${slot(m)}]`;
  const sentInCut = (m: number) => `rpc_${proc(messages[m]!.sender)} > ${messages[m]!.step}`;
  const positions = (c: number) => catalogue.onChannel[c]!.map((_, k) => k);
  const entry = (c: number, k: number) => `rlist_${chan(c)}[${k}]`;
  /** An expression choosing, by the message in `e`, one of the values given per message of channel c. */
  const byMessage = (c: number, e: string, value: (m: number) => string) =>
    catalogue.onChannel[c]!.reduceRight((rest, m) => `(${e} == ${names.message[m]} -> ${value(m)} : ${rest})`, "0");
  const inRecording = (m: number) => {
    const c = messages[m]!.channel;
    return or(positions(c).map((k) => `(${k} < rlen_${chan(c)} && ${entry(c, k)} == ${names.message[m]})`));
  };
  const increasing = (c: number) =>
    and(
      positions(c)
        .slice(1)
        .map((k) => `(${k} >= rlen_${chan(c)} || ${entry(c, k - 1)} < ${entry(c, k)})`),
    );

  const noGhostReceive = and(messages.map((_, m) => `(!${keptAtRecording(m)} || ${sentInCut(m)})`));

  const channelState = and(
    scenario.channels.map((_, c) => {
      const expected = (m: number) => `(${sentInCut(m)} && !${keptAtRecording(m)})`;
      const count = sum(catalogue.onChannel[c]!.map((m) => `(${expected(m)} -> 1 : 0)`));
      const entries = positions(c).map((k) => `(${k} >= rlen_${chan(c)} || ${byMessage(c, entry(c, k), (m) => `(${expected(m)} -> 1 : 0)`)})`);
      return and([`rlen_${chan(c)} == ${count}`, increasing(c), ...entries]);
    }),
  );

  const recordedBalances = sum(scenario.processes.map((_, p) => `rbal_${proc(p)}`));
  const recordedInFlight = sum(
    scenario.channels.flatMap((_, c) =>
      positions(c).map((k) => `(${k} < rlen_${chan(c)} -> ${byMessage(c, entry(c, k), (m) => String(messages[m]!.amount))} : 0)`),
    ),
  );
  const total = scenario.initialBalances.reduce((a, b) => a + b, 0);
  const conservation = `${recordedBalances} + ${recordedInFlight} == ${total}`;

  // The recorded channel contents must be messages sent within the recorded
  // pcs, in send order, and under FIFO the last ones sent; then the recorded
  // balances must be those the recorded sends and channel contents imply.
  const fits = and(
    scenario.channels.map((_, c) => {
      const onChannel = catalogue.onChannel[c]!;
      const sentOnly = and(onChannel.map((m) => `(!${inRecording(m)} || ${sentInCut(m)})`));
      const suffix = scenario.fifo
        ? and(
            onChannel.map(
              (m, r) => `(!${inRecording(m)} || ${and(onChannel.slice(r + 1).map((later) => `(!(${sentInCut(later)}) || ${inRecording(later)})`))})`,
            ),
          )
        : "1";
      return and([sentOnly, increasing(c), suffix]);
    }),
  );
  const implied = (p: number) => {
    const debits = catalogue.bySend[p]!.map((m) => `(rpc_${proc(p)} > ${messages[m]!.step} -> ${messages[m]!.amount} : 0)`);
    const credits = catalogue.toProcess[p]!.map((m) => `((${sentInCut(m)}) && !${inRecording(m)} -> ${messages[m]!.amount} : 0)`);
    return `${scenario.initialBalances[p]} - (${sum(debits)}) + ${sum(credits)}`;
  };
  // With non-atomic sends a process may record between the debit and the transmit of its step rpc.
  const midSend = (p: number) =>
    scenario.atomicSend === false
      ? catalogue.bySend[p]!.map((m, step) => `(rpc_${proc(p)} == ${step} && rbal_${proc(p)} == ${implied(p)} - ${messages[m]!.amount})`)
      : [];
  const balanceFits = (p: number) =>
    scenario.atomicSend === false ? or([`rbal_${proc(p)} == ${implied(p)}`, ...midSend(p)]) : `rbal_${proc(p)} == ${implied(p)}`;
  const reachable = and([fits, ...scenario.processes.map((_, p) => balanceFits(p))]);

  return [
    { name: "no_ghost_receive", expression: noGhostReceive },
    { name: "channel_state", expression: channelState },
    { name: "conservation", expression: conservation },
    { name: "reachable", expression: reachable },
  ];
}

export function and(parts: string[]): string {
  return parts.length === 0 ? "1" : `(${parts.map((p) => `(${p})`).join(" && ")})`;
}

export function or(parts: string[]): string {
  return parts.length === 0 ? "0" : `(${parts.map((p) => `(${p})`).join(" || ")})`;
}

export function sum(parts: string[]): string {
  return parts.length === 0 ? "0" : parts.join(" + ");
}
