/**
 * The messages that break a recorded cut, found from the recorded state alone.
 * A data message from i to j is inside the cut at its send when i recorded
 * after sending it, and at its receipt when j recorded after receiving it:
 *
 * - ghost: received inside the cut but sent outside it (money from nowhere);
 * - lost: sent inside, received outside, and missing from the channel's
 *   recorded state (money that vanished);
 * - extra: on the channel's recorded state although it was sent outside the
 *   cut or already received inside it (money counted twice).
 *
 * A message is judged only once both ends have recorded (and, for lost and
 * extra, its channel is closed), so an unfinished snapshot accuses nobody.
 */
import { parseMessageId } from "./cut.js";
import type { Scenario } from "./scenario.js";
import type { BankState } from "./bank-state.js";

export interface Offence {
  /** Index of the message in the space-time view. */
  readonly message: number;
  readonly kind: "ghost" | "lost" | "extra";
  /** Why, in a sentence, e.g. "sent after P0 recorded, received before P1 recorded". */
  readonly why: string;
}

/** What the offences need to know of each message drawn. */
interface SeenMessage {
  readonly id: string | undefined;
  readonly channel: number;
}

export function findOffences(scenario: Scenario, last: BankState, messages: readonly SeenMessage[]): Offence[] {
  const name = (p: number) => scenario.processes[p]!;
  const offences: Offence[] = [];
  messages.forEach(({ id, channel: c }, message) => {
    const channel = scenario.channels[c]!;
    const sender = last.processes[channel.from]!.recorded;
    const receiver = last.processes[channel.to]!.recorded;
    if (id === undefined || sender === null || receiver === null) return;
    const sentInside = parseMessageId(scenario, id).step <= sender.pc;
    const receivedInside = receiver.received.includes(id);
    const recording = last.channels[c]!.recording;
    const closed = recording.status === "closed";
    const onChannel = closed && recording.messages.some((m) => m.id === id);
    const sent = `sent ${sentInside ? "before" : "after"} ${name(channel.from)} recorded`;

    if (receivedInside && !sentInside) {
      offences.push({ message, kind: "ghost", why: `${sent}, received before ${name(channel.to)} recorded` });
    } else if (onChannel && (!sentInside || receivedInside)) {
      const also = receivedInside ? `already received before ${name(channel.to)} recorded` : sent;
      offences.push({ message, kind: "extra", why: `recorded on ${channel.id}, but ${also}` });
    } else if (closed && sentInside && !receivedInside && !onChannel) {
      const missing = `not received before ${name(channel.to)} recorded, and missing from ${channel.id}'s recorded state`;
      offences.push({ message, kind: "lost", why: `${sent}, ${missing}` });
    }
  });
  return offences;
}

/** What each kind of offence is called where a word or two is wanted. */
export const OFFENCE_NAMES: Readonly<Record<Offence["kind"], string>> = {
  ghost: "ghost receive",
  lost: "lost money",
  extra: "extra on the channel",
};
