/**
 * An open-addressing hash set of fixed-width keys (runs of 32-bit words) that
 * numbers them in insertion order. Each slot holds id + 1 (0 for an empty
 * slot) followed by the key itself, so a lookup with linear probing reads
 * neighbouring words rather than chasing ids into a separate array: at this
 * size, memory latency, not hashing, is what costs. The table doubles before
 * it is three-quarters full.
 */
import { hashWords, SEED_LOW } from "./hash-words.js";

export class KeyTable {
  size = 0;
  private slots: Uint32Array;
  private readonly stride: number;
  private capacity: number;

  constructor(
    readonly width: number,
    expected = 1024,
  ) {
    this.stride = width + 1;
    this.capacity = 16;
    while (this.capacity * 0.75 < expected) this.capacity *= 2;
    this.slots = new Uint32Array(this.capacity * this.stride);
  }

  /** The id of the key at `buffer[at ..]`, or -1 if it is not in the table. */
  find(buffer: Uint32Array, at: number): number {
    const slot = this.probe(buffer, at);
    return this.slots[slot]! - 1;
  }

  /** The id of the key at `buffer[at ..]`, adding it (with id `size`) if it is new. */
  intern(buffer: Uint32Array, at: number): number {
    const slot = this.probe(buffer, at);
    const slots = this.slots;
    if (slots[slot] !== 0) return slots[slot]! - 1;
    const id = this.size++;
    slots[slot] = id + 1;
    for (let i = 0; i < this.width; i++) slots[slot + 1 + i] = buffer[at + i]!;
    if (this.size > this.capacity * 0.75) this.resize(this.capacity * 2);
    return id;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  /** The index of the slot holding the key, or of the empty slot where it belongs. */
  private probe(buffer: Uint32Array, at: number): number {
    const { slots, stride, width } = this;
    const mask = this.capacity - 1;
    for (let i = hashWords(buffer, at, width, SEED_LOW) & mask; ; i = (i + 1) & mask) {
      const slot = i * stride;
      if (slots[slot] === 0) return slot;
      let k = 0;
      while (k < width && slots[slot + 1 + k] === buffer[at + k]) k++;
      if (k === width) return slot;
    }
  }

  private resize(capacity: number): void {
    const old = this.slots;
    this.capacity = capacity;
    this.slots = new Uint32Array(capacity * this.stride);
    for (let slot = 0; slot < old.length; slot += this.stride) {
      if (old[slot] === 0) continue;
      const to = this.probe(old, slot + 1);
      for (let i = 0; i < this.stride; i++) this.slots[to + i] = old[slot + i]!;
    }
  }
}

/** A copy of `array` with room for at least `length` elements (growing by half, to bound the slack). */
export function grown<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(length, Math.ceil(array.length * 1.5)));
  bigger.set(array);
  return bigger;
}
