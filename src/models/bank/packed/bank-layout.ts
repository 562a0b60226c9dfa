/**
 * Where each part of a bank state lives in a packed vector (spec/model.md,
 * "State"). Only what cannot be worked out from the rest is stored:
 *
 * - per process: `pc`, and `recordedAt` (0 before it records, else its pc then + 1);
 * - per data message: `inFlight`, and `recordedReceived` (its receiver had it
 *   when it recorded);
 * - per channel: `marker` (one is in flight), `recording` (idle, open or
 *   closed), and the recorded list as `recordedLength` and `recordedEntry`
 *   (positions among the channel's messages, in the order they were recorded).
 *
 * A live balance and received set follow from the pcs and what is in flight;
 * a recorded balance from the recorded pc and received set; a queue is the
 * channel's messages in flight in send order, with the marker (each sender
 * sends at most one per channel) after those sent before the sender recorded.
 * Unused entries stay 0, so equal states have equal vectors.
 */
import type { Scenario } from "../scenario.js";
import { BitLayout, type BitField } from "./bit-fields.js";
import type { MessageCatalogue } from "./message-catalogue.js";

export const IDLE = 0;
export const OPEN = 1;
export const CLOSED = 2;

export interface BankLayout {
  readonly words: number;
  readonly pc: readonly BitField[];
  readonly recordedAt: readonly BitField[];
  readonly inFlight: readonly BitField[];
  readonly recordedReceived: readonly BitField[];
  readonly marker: readonly BitField[];
  readonly recording: readonly BitField[];
  readonly recordedLength: readonly BitField[];
  readonly recordedEntry: readonly (readonly BitField[])[];
}

export function bankLayout(scenario: Scenario, catalogue: MessageCatalogue): BankLayout {
  const bits = new BitLayout();
  const pc: BitField[] = [];
  const recordedAt: BitField[] = [];
  scenario.programs.forEach((program) => {
    pc.push(bits.field(program.length));
    recordedAt.push(bits.field(program.length + 1));
  });
  const inFlight: BitField[] = [];
  const recordedReceived: BitField[] = [];
  const marker: BitField[] = [];
  const recording: BitField[] = [];
  const recordedLength: BitField[] = [];
  const recordedEntry: BitField[][] = [];
  catalogue.onChannel.forEach((messages) => {
    // What is in flight on a channel shares one word when it can, so that an
    // empty channel is seen with one test (CompactBank.busyChannels).
    bits.keepTogether(1 + messages.length);
    marker.push(bits.field(1));
    for (const m of messages) inFlight[m] = bits.field(1);
    recording.push(bits.field(CLOSED));
    recordedLength.push(bits.field(messages.length));
    for (const m of messages) recordedReceived[m] = bits.field(1);
    recordedEntry.push(messages.map(() => bits.field(messages.length - 1)));
  });
  return { words: Math.max(1, bits.words), pc, recordedAt, inFlight, recordedReceived, marker, recording, recordedLength, recordedEntry };
}
