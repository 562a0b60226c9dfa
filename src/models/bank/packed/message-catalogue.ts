/**
 * Every data message a scenario can ever send, numbered once and for all, with
 * the tables the compact engine looks things up in. Programs are fixed, so
 * message `m` is always the same send: sender, step, channel, amount.
 */
import { incomingChannels, outgoingChannels, type Scenario } from "../scenario.js";

export interface CatalogueMessage {
  /** "<sender>#<k>", as in the bank state. */
  readonly id: string;
  readonly amount: number;
  readonly sender: number;
  /** 0-based program step of the sender. */
  readonly step: number;
  readonly channel: number;
  /** Position among the messages ever sent on its channel. */
  readonly index: number;
}

export interface MessageCatalogue {
  readonly messages: readonly CatalogueMessage[];
  /** bySend[p][k]: the message of p's step k. */
  readonly bySend: readonly (readonly number[])[];
  /** onChannel[c]: the messages sent on c, in send order. */
  readonly onChannel: readonly (readonly number[])[];
  /** sentBefore[c][pc]: how many messages go on c among the sender's first pc steps. */
  readonly sentBefore: readonly (readonly number[])[];
  /** toProcess[p]: the messages p can receive, in message order. */
  readonly toProcess: readonly (readonly number[])[];
  readonly incoming: readonly (readonly number[])[];
  readonly outgoing: readonly (readonly number[])[];
  readonly isInitiator: readonly boolean[];
}

export function messageCatalogue(scenario: Scenario): MessageCatalogue {
  const messages: CatalogueMessage[] = [];
  const onChannel: number[][] = scenario.channels.map(() => []);
  const bySend = scenario.programs.map((program, sender) =>
    program.map((transfer, step) => {
      const m = messages.length;
      messages.push({ id: transfer.messageId, amount: transfer.amount, sender, step, channel: transfer.channel, index: onChannel[transfer.channel]!.length });
      onChannel[transfer.channel]!.push(m);
      return m;
    }),
  );
  const sentBefore = scenario.channels.map((channel, c) => {
    const counts = [0];
    for (const transfer of scenario.programs[channel.from]!) counts.push(counts[counts.length - 1]! + (transfer.channel === c ? 1 : 0));
    return counts;
  });
  return {
    messages,
    bySend,
    onChannel,
    sentBefore,
    toProcess: scenario.processes.map((_, p) => messages.flatMap((m, i) => (scenario.channels[m.channel]!.to === p ? [i] : []))),
    incoming: scenario.processes.map((_, p) => incomingChannels(scenario, p)),
    outgoing: scenario.processes.map((_, p) => outgoingChannels(scenario, p)),
    isInitiator: scenario.processes.map((_, p) => scenario.initiators.includes(p)),
  };
}
