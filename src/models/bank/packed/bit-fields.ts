/**
 * Packing small unsigned integers into 32-bit words, the way a C struct packs
 * bit fields. Fields are laid out in the order they are asked for; one that
 * would straddle a word boundary starts the next word instead, so reading or
 * writing a field touches exactly one word.
 *
 * A field is itself one number, word * 1024 + shift * 32 + width, so that
 * reading it costs a few integer operations and no memory access besides the
 * word (this is the innermost loop of the compact engine).
 */
export type BitField = number;

export class BitLayout {
  private used = 32;
  /** Words a vector of this layout needs. */
  words = 0;

  /** Start a new word unless the next `bits` bits fit in the current one (to keep a group of fields together). */
  keepTogether(bits: number): void {
    if (this.used + bits > 32 && bits <= 32) this.used = 32;
  }

  /** A field able to hold 0 .. max (a field for max 0 uses no bits and always reads 0). */
  field(max: number): BitField {
    const width = max === 0 ? 0 : 32 - Math.clz32(max);
    if (width > 31) throw new RangeError(`a bit field holds at most 31 bits (asked for values up to ${max})`);
    if (width === 0) return 0;
    if (this.used + width > 32) {
      this.words++;
      this.used = 0;
    }
    const field = (this.words - 1) * 1024 + this.used * 32 + width;
    this.used += width;
    return field;
  }
}

/** The index of the field's word in a vector. */
export function wordOf(field: BitField): number {
  return field >>> 10;
}

/** The position of the field's lowest bit in its word. */
export function shiftOf(field: BitField): number {
  return (field >>> 5) & 31;
}

/** The field's bits within its word. */
export function bitsOf(field: BitField): number {
  return ((1 << (field & 31)) - 1) << ((field >>> 5) & 31);
}

export function read(vector: Uint32Array, at: number, field: BitField): number {
  return (vector[at + (field >>> 10)]! >>> ((field >>> 5) & 31)) & ((1 << (field & 31)) - 1);
}

export function write(vector: Uint32Array, at: number, field: BitField, value: number): void {
  const i = at + (field >>> 10);
  const shift = (field >>> 5) & 31;
  vector[i] = (vector[i]! & ~(((1 << (field & 31)) - 1) << shift)) | (value << shift);
}
