/**
 * The bank with the reference rules as a PackedModel: its actions in the same
 * order as src/models/bank/actions.ts (per process send then initiate, then per
 * channel its deliverable messages in queue order), and its properties.
 *
 * The four snapshot properties are checked only once the snapshot is complete,
 * and then depend on nothing but the recorded part of the state, which never
 * changes again (spec/model.md). So the verdict is worked out once per
 * distinct recorded part, on the readable state, by the properties' own code,
 * and remembered; every other complete state with that recorded part gets the
 * same verdict for the price of one hash lookup.
 */
import type { BankState } from "../bank-state.js";
import type { Property } from "../../../model-contract/property.js";
import type { PackedModel, ReductionRules } from "../../../model-contract/packed-model.js";
import { KeyTable } from "../../../explore/key-table.js";
import { bitsOf, wordOf, type BitField } from "./bit-fields.js";
import { MARKER_ITEM, type CompactBank } from "./compact-bank.js";
import { decodeState } from "./decode-state.js";
import { bankReductionRules } from "./reduction-rules.js";

export class CompactBankModel implements PackedModel {
  readonly words: number;
  readonly maxActions: number;
  readonly reduction: ReductionRules;
  private readonly items: Int32Array;
  private readonly busy: Int32Array;
  private readonly deliverable: number;
  /** Words of a vector that belong to the recorded part (live fields masked out). */
  private readonly recordedMask: Uint32Array;
  private readonly recordedKey: Uint32Array;
  /** verdicts[id]: the failed properties (bits) of the recorded part numbered id. */
  private readonly verdicts: number[] = [];
  private readonly recordedParts: KeyTable;

  constructor(
    readonly bank: CompactBank,
    readonly properties: readonly Property<BankState>[],
  ) {
    const { scenario, layout, catalogue } = bank;
    this.words = layout.words;
    this.deliverable = scenario.fifo ? 1 : bank.maxQueue;
    this.maxActions = 2 * scenario.processes.length + scenario.channels.length + (scenario.fifo ? 0 : catalogue.messages.length);
    this.items = new Int32Array(bank.maxQueue);
    this.busy = new Int32Array(scenario.channels.length);
    this.recordedMask = new Uint32Array(this.words).fill(0xffffffff);
    const live: BitField[] = [...layout.pc, ...layout.inFlight, ...layout.marker];
    for (const field of live) this.recordedMask[wordOf(field)]! &= ~bitsOf(field);
    this.recordedKey = new Uint32Array(this.words);
    this.recordedParts = new KeyTable(this.words, 64);
    this.reduction = bankReductionRules(bank);
  }

  writeInitial(into: Uint32Array, at: number): void {
    into.fill(0, at, at + this.words);
  }

  successors(state: Uint32Array, at: number, into: Uint32Array): number {
    const { bank, items, busy } = this;
    const processes = bank.scenario.processes.length;
    const initiator = bank.catalogue.isInitiator;
    let n = 0;
    for (let p = 0; p < processes; p++) {
      if (bank.hasSendsLeft(state, at, p)) bank.send(into, this.copy(state, at, into, n++), p);
      if (initiator[p] && !bank.hasRecorded(state, at, p)) bank.record(into, this.copy(state, at, into, n++), p);
    }
    const channels = bank.busyChannels(state, at, busy);
    for (let b = 0; b < channels; b++) {
      const c = busy[b]!;
      const length = bank.queue(state, at, c, items, this.deliverable);
      for (let i = 0; i < length; i++) {
        const item = items[i]!;
        if (item === MARKER_ITEM) bank.deliverMarker(into, this.copy(state, at, into, n++), c);
        else bank.deliverData(into, this.copy(state, at, into, n++), item);
      }
    }
    return n;
  }

  /** Copy the state to successor slot `k` of `into`, where its action will change it; returns where it starts. */
  private copy(state: Uint32Array, at: number, into: Uint32Array, k: number): number {
    const words = this.words;
    const to = k * words;
    for (let i = 0; i < words; i++) into[to + i] = state[at + i]!;
    return to;
  }

  violations(state: Uint32Array, at: number, terminal: boolean, report: (property: number) => void): void {
    const failed = this.failedProperties(state, at, terminal);
    if (failed !== 0) for (let p = 0; p < this.properties.length; p++) if (failed & (1 << p)) report(p);
  }

  /** The properties that fail in this state, as bits (bit i: property i). */
  private failedProperties(state: Uint32Array, at: number, terminal: boolean): number {
    let failed = this.bank.isComplete(state, at) ? this.snapshotVerdict(state, at) : 0;
    if (terminal) {
      const readable = decodeState(this.bank, state, at);
      this.properties.forEach((property, i) => {
        if (property.expectation === "atTermination" && property.check(readable) !== undefined) failed |= 1 << i;
      });
    }
    return failed;
  }

  private snapshotVerdict(state: Uint32Array, at: number): number {
    const key = this.recordedKey;
    for (let i = 0; i < this.words; i++) key[i] = state[at + i]! & this.recordedMask[i]!;
    const known = this.recordedParts.size;
    const id = this.recordedParts.intern(key, 0);
    if (id < known) return this.verdicts[id]!;
    const readable = decodeState(this.bank, state, at);
    let failed = 0;
    this.properties.forEach((property, i) => {
      if (property.expectation === "always" && property.check(readable) !== undefined) failed |= 1 << i;
    });
    this.verdicts.push(failed);
    return failed;
  }
}
