/**
 * An open-addressing hash set of fixed-width keys (runs of 32-bit words) that
 * numbers them in insertion order. Keys are stored back to back in one typed
 * array, so id `i` is the key at words `i * width ..`; the table itself holds
 * only ids. With linear probing and a load factor under 3/4, a lookup touches
 * one or two slots.
 */
import { hashWords, SEED_LOW } from "./hash-words.js";

const EMPTY = -1;

export class KeyTable {
  /** The keys, id by id; may have spare room at the end. */
  keys: Uint32Array;
  size = 0;
  private slots: Int32Array;

  constructor(readonly width: number, expected = 1024) {
    let capacity = 1024;
    while (capacity * 0.75 < expected) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.keys = new Uint32Array(Math.max(1, expected) * width);
  }

  /** The id of the key at `buffer[at ..]`, or -1 if it is not in the table. */
  find(buffer: Uint32Array, at: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hashWords(buffer, at, this.width, SEED_LOW) & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id === EMPTY || this.equals(id, buffer, at)) return id;
    }
  }

  /** The id of the key at `buffer[at ..]`, adding it (with id `size`) if it is new. */
  intern(buffer: Uint32Array, at: number): number {
    const mask = this.slots.length - 1;
    let slot = hashWords(buffer, at, this.width, SEED_LOW) & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id === EMPTY) break;
      if (this.equals(id, buffer, at)) return id;
    }
    const id = this.size++;
    if (this.keys.length < this.size * this.width) this.keys = grown(this.keys, this.size * this.width);
    const keys = this.keys;
    for (let i = 0, to = id * this.width; i < this.width; i++) keys[to + i] = buffer[at + i]!;
    this.slots[slot] = id;
    if (this.size > this.slots.length * 0.75) this.rehash(this.slots.length * 2);
    return id;
  }

  /** Bytes held by the table and its keys. */
  get bytes(): number {
    return this.slots.byteLength + this.keys.byteLength;
  }

  private equals(id: number, buffer: Uint32Array, at: number): boolean {
    const keys = this.keys;
    const base = id * this.width;
    for (let i = 0; i < this.width; i++) if (keys[base + i] !== buffer[at + i]) return false;
    return true;
  }

  private rehash(capacity: number): void {
    const slots = new Int32Array(capacity).fill(EMPTY);
    const mask = capacity - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = hashWords(this.keys, id * this.width, this.width, SEED_LOW) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}

/** A copy of `array` with room for at least `length` elements (growing by half, to bound the slack). */
export function grown<T extends Uint32Array | Int32Array | Float64Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(length, Math.ceil(array.length * 1.5)));
  bigger.set(array);
  return bigger;
}
