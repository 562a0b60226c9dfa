/**
 * The rows of part numbers met in one group of parts (StateParts.groups),
 * numbered in the order they were met: a stored state is one such number
 * per group (interned-model.ts).
 */
import { grown, KeyTable } from "./key-table.js";

/** The distinct rows of part numbers met in one group, numbered in the order they were met. */
export class GroupTable {
  /** The group's parts, by their positions in a state. */
  readonly slots: Int32Array;
  private readonly table: KeyTable;
  private readonly row: Uint32Array;
  private rows: Uint32Array;

  constructor(slots: readonly number[]) {
    this.slots = Int32Array.from(slots);
    this.table = new KeyTable(Math.max(1, slots.length), 16);
    this.row = new Uint32Array(Math.max(1, slots.length));
    this.rows = new Uint32Array(16 * slots.length);
  }

  /** The number of the row of these parts (all the state's part numbers). */
  idOf(parts: Uint32Array): number {
    const { slots, row } = this;
    for (let i = 0; i < slots.length; i++) row[i] = parts[slots[i]!]!;
    const size = this.table.size;
    const id = this.table.intern(row, 0);
    if (id === size) {
      if (this.rows.length < (id + 1) * slots.length) this.rows = grown(this.rows, (id + 1) * slots.length);
      this.rows.set(row.subarray(0, slots.length), id * slots.length);
    }
    return id;
  }

  /** Writes row `id`'s part numbers into their places in `parts`. */
  expand(id: number, parts: Uint32Array): void {
    const { slots, rows } = this;
    const from = id * slots.length;
    for (let i = 0; i < slots.length; i++) parts[slots[i]!] = rows[from + i]!;
  }

  get bytes(): number {
    return this.table.bytes + this.rows.byteLength;
  }
}
