/**
 * Packing small unsigned integers into 32-bit words, the way a C struct packs
 * bit fields. Fields are laid out in the order they are asked for; one that
 * would straddle a word boundary starts the next word instead, so reading or
 * writing a field touches exactly one word.
 */
export interface BitField {
  readonly word: number;
  readonly shift: number;
  /** The field's bits, unshifted: values range over 0 .. mask. */
  readonly mask: number;
}

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
    if (width === 0) return { word: 0, shift: 0, mask: 0 };
    if (this.used + width > 32) {
      this.words++;
      this.used = 0;
    }
    const field = { word: this.words - 1, shift: this.used, mask: 2 ** width - 1 };
    this.used += width;
    return field;
  }
}

export function read(vector: Uint32Array, at: number, field: BitField): number {
  return (vector[at + field.word]! >>> field.shift) & field.mask;
}

export function write(vector: Uint32Array, at: number, field: BitField, value: number): void {
  const i = at + field.word;
  vector[i] = (vector[i]! & ~(field.mask << field.shift)) | (value << field.shift);
}
