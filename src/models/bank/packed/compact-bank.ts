/**
 * The bank with the reference Chandy-Lamport rules, acting directly on packed
 * vectors (bank-layout.ts). Each method is one step of spec/model.md and
 * src/models/bank/algorithms/chandy-lamport.ts, written out for speed; the tests check it
 * against the readable model (src/models/bank/system.ts) state by state.
 */
import type { Scenario } from "../scenario.js";
import { bitsOf, read, shiftOf, wordOf, write } from "./bit-fields.js";
import { bankLayout, CLOSED, OPEN, type BankLayout } from "./bank-layout.js";
import { messageCatalogue, type MessageCatalogue } from "./message-catalogue.js";

/** A queue entry that is the marker rather than a data message number. */
export const MARKER_ITEM = -1;

export class CompactBank {
  readonly catalogue: MessageCatalogue;
  readonly layout: BankLayout;
  /** The longest a queue can be: all of a channel's messages and its marker. */
  readonly maxQueue: number;
  private readonly programLength: Int32Array;
  private readonly senderOf: Int32Array;
  private readonly receiverOf: Int32Array;
  /**
   * Per channel, the word holding its marker and in-flight bits and a mask of
   * them (the layout keeps them in one word when they fit; otherwise the word
   * is -1 and the channel is scanned).
   */
  private readonly queueWord: Int32Array;
  private readonly queueMask: Int32Array;
  private readonly markerShift: Int32Array;
  /** Per word, the bits of the recording fields, and their value when every channel is closed. */
  private readonly closedMask: Int32Array;
  private readonly closedValue: Int32Array;
  /** Per word, the bits that say something is in flight, and the channel each such bit belongs to. */
  private readonly busyBits: Int32Array | undefined;
  private readonly channelOfBit: Int32Array;

  constructor(readonly scenario: Scenario) {
    this.catalogue = messageCatalogue(scenario);
    this.layout = bankLayout(scenario, this.catalogue);
    this.maxQueue = 1 + Math.max(0, ...this.catalogue.onChannel.map((messages) => messages.length));
    this.programLength = Int32Array.from(scenario.programs, (program) => program.length);
    this.senderOf = Int32Array.from(scenario.channels, (channel) => channel.from);
    this.receiverOf = Int32Array.from(scenario.channels, (channel) => channel.to);
    this.queueWord = new Int32Array(scenario.channels.length);
    this.queueMask = new Int32Array(scenario.channels.length);
    this.markerShift = Int32Array.from(this.layout.marker, shiftOf);
    this.channelOfBit = new Int32Array(this.layout.words * 32);
    const busyBits = new Int32Array(this.layout.words);
    this.catalogue.onChannel.forEach((messages, c) => {
      const fields = [this.layout.marker[c]!, ...messages.map((m) => this.layout.inFlight[m]!)];
      const word = wordOf(fields[0]!);
      this.queueWord[c] = fields.every((f) => wordOf(f) === word) ? word : -1;
      for (const f of fields) {
        this.queueMask[c]! |= bitsOf(f);
        busyBits[wordOf(f)]! |= bitsOf(f);
        this.channelOfBit[wordOf(f) * 32 + shiftOf(f)] = c;
      }
    });
    this.busyBits = this.queueWord.every((word) => word >= 0) ? busyBits : undefined;
    this.closedMask = new Int32Array(this.layout.words);
    this.closedValue = new Int32Array(this.layout.words);
    for (const field of this.layout.recording) {
      this.closedMask[wordOf(field)]! |= bitsOf(field);
      this.closedValue[wordOf(field)]! |= CLOSED << shiftOf(field);
    }
  }

  /** Channel c has nothing in flight. */
  isEmpty(v: Uint32Array, at: number, c: number): boolean {
    const word = this.queueWord[c]!;
    return word >= 0 && (v[at + word]! & this.queueMask[c]!) === 0;
  }

  /**
   * The channels with something in flight, ascending, written into `into`;
   * returns how many. Most channels of most states are empty, so the bits of
   * the busy ones are picked out word by word rather than tested one by one.
   */
  busyChannels(v: Uint32Array, at: number, into: Int32Array): number {
    let n = 0;
    const busyBits = this.busyBits;
    if (!busyBits) {
      for (let c = 0; c < this.queueWord.length; c++) if (!this.isEmpty(v, at, c)) into[n++] = c;
      return n;
    }
    for (let w = 0; w < busyBits.length; w++) {
      let bits = v[at + w]! & busyBits[w]!;
      while (bits !== 0) {
        const c = this.channelOfBit[w * 32 + 31 - Math.clz32(bits & -bits)]!;
        into[n++] = c;
        bits &= ~this.queueMask[c]!;
      }
    }
    return n;
  }

  hasSendsLeft(v: Uint32Array, at: number, p: number): boolean {
    return read(v, at, this.layout.pc[p]!) < this.programLength[p]!;
  }

  hasRecorded(v: Uint32Array, at: number, p: number): boolean {
    return read(v, at, this.layout.recordedAt[p]!) !== 0;
  }

  /** Message m was sent and has arrived. */
  isDelivered(v: Uint32Array, at: number, m: number): boolean {
    const { sender, step } = this.catalogue.messages[m]!;
    return read(v, at, this.layout.pc[sender]!) > step && read(v, at, this.layout.inFlight[m]!) === 0;
  }

  /**
   * Channel c's queue, oldest first, written as message numbers (MARKER_ITEM
   * for the marker); at most `limit` entries. Returns how many were written.
   */
  queue(v: Uint32Array, at: number, c: number, into: Int32Array, limit: number): number {
    const word = this.queueWord[c]!;
    if (word < 0) return this.scanQueue(v, at, c, into, limit);
    const all = v[at + word]! & this.queueMask[c]!;
    if (all === 0) return 0;
    // The marker's bit, then one bit per message of the channel in send order (bank-layout.ts).
    const shift = this.markerShift[c]!;
    const messages = this.catalogue.onChannel[c]!;
    let inFlight = messages.length === 0 ? 0 : all >>> (shift + 1);
    let markerAt = (all >>> shift) & 1 ? this.markerPosition(v, at, c) : -1;
    let n = 0;
    while (n < limit && (inFlight !== 0 || markerAt >= 0)) {
      const r = inFlight === 0 ? messages.length : 31 - Math.clz32(inFlight & -inFlight);
      if (markerAt >= 0 && markerAt <= r) {
        into[n++] = MARKER_ITEM;
        markerAt = -1;
      } else {
        into[n++] = messages[r]!;
        inFlight &= inFlight - 1;
      }
    }
    return n;
  }

  /** `queue` for a channel whose bits do not fit in one word: one field at a time. */
  private scanQueue(v: Uint32Array, at: number, c: number, into: Int32Array, limit: number): number {
    const { layout } = this;
    const messages = this.catalogue.onChannel[c]!;
    const markerAt = read(v, at, layout.marker[c]!) === 1 ? this.markerPosition(v, at, c) : -1;
    let n = 0;
    for (let r = 0; r <= messages.length && n < limit; r++) {
      if (r === markerAt) into[n++] = MARKER_ITEM;
      if (r < messages.length && n < limit && read(v, at, layout.inFlight[messages[r]!]!) === 1) into[n++] = messages[r]!;
    }
    return n;
  }

  /** The marker on c follows the messages its sender sent on c before recording. */
  private markerPosition(v: Uint32Array, at: number, c: number): number {
    const sender = this.senderOf[c]!;
    return this.catalogue.sentBefore[c]![read(v, at, this.layout.recordedAt[sender]!) - 1]!;
  }

  /** `send p`: take p's next program step. */
  send(v: Uint32Array, at: number, p: number): void {
    const pc = read(v, at, this.layout.pc[p]!);
    write(v, at, this.layout.pc[p]!, pc + 1);
    write(v, at, this.layout.inFlight[this.catalogue.bySend[p]![pc]!]!, 1);
  }

  /**
   * record(p), the marker-sending rule: save pc and received set, put a marker
   * on every outgoing channel, start recording every incoming channel.
   */
  record(v: Uint32Array, at: number, p: number): void {
    const { layout, catalogue } = this;
    write(v, at, layout.recordedAt[p]!, read(v, at, layout.pc[p]!) + 1);
    for (const m of catalogue.toProcess[p]!) if (this.isDelivered(v, at, m)) write(v, at, layout.recordedReceived[m]!, 1);
    for (const c of catalogue.outgoing[p]!) write(v, at, layout.marker[c]!, 1);
    for (const c of catalogue.incoming[p]!) write(v, at, layout.recording[c]!, OPEN);
  }

  /** A data message arrives; if its channel is being recorded, it joins the recording. */
  deliverData(v: Uint32Array, at: number, m: number): void {
    const { layout } = this;
    const { channel, index } = this.catalogue.messages[m]!;
    write(v, at, layout.inFlight[m]!, 0);
    if (read(v, at, layout.recording[channel]!) !== OPEN) return;
    const length = read(v, at, layout.recordedLength[channel]!);
    write(v, at, layout.recordedEntry[channel]![length]!, index);
    write(v, at, layout.recordedLength[channel]!, length + 1);
  }

  /** The marker-receiving rule: a first marker makes the receiver record; every marker closes its channel. */
  deliverMarker(v: Uint32Array, at: number, c: number): void {
    const receiver = this.receiverOf[c]!;
    write(v, at, this.layout.marker[c]!, 0);
    if (!this.hasRecorded(v, at, receiver)) this.record(v, at, receiver);
    write(v, at, this.layout.recording[c]!, CLOSED);
  }

  /** Every process has recorded and every channel is closed. */
  isComplete(v: Uint32Array, at: number): boolean {
    // Every channel closed: one comparison per word against the recording fields' bits.
    for (let w = 0; w < this.closedMask.length; w++) if ((v[at + w]! & this.closedMask[w]!) !== this.closedValue[w]) return false;
    for (const field of this.layout.recordedAt) if (read(v, at, field) === 0) return false;
    return true;
  }
}
