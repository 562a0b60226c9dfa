/**
 * What the interned model (interned-model.ts) remembers of one step, a
 * footprint (StateParts.footprint): its outcomes from the parts it met.
 */
import type { StepFootprint } from "../model-contract/state-parts.js";
import { grown, KeyTable } from "./key-table.js";

/** How many outcomes a step remembers by groups before it asks whether that pays. */
const GROUP_MEMO_TRIAL = 1024;

/**
 * One step's remembered outcomes, twice over: by the parts in its footprint
 * (before: the table's keys; after: `results`, the numbers of the parts it
 * made, `width` per outcome), and by the numbers of the groups those parts
 * are in (`groupTable`, `groupResults`), which is quicker and misses more
 * often. In the first, a group the footprint covers whole is keyed by its
 * number, which stands for all its parts; only the parts of groups it covers
 * in part are keyed one by one.
 */
export interface StepMemo {
  /** The footprint's key (StepFootprint.key). */
  readonly key: string;
  readonly slots: Int32Array;
  readonly width: number;
  /** The key of `table`: the numbers of these groups (covered whole), then those of these parts (of groups covered in part). */
  readonly keyGroups: Int32Array;
  readonly keySlots: Int32Array;
  readonly table: KeyTable;
  readonly scratch: Uint32Array;
  results: Uint32Array;
  /** The groups its parts are in: the only ones a step can change. */
  readonly groups: Int32Array;
  /**
   * Per outcome (the number of its row in `table`), the number each group the
   * footprint covers whole is given by it, or -1 until worked out: a group
   * whose every part the outcome gives needs no lookup of its row again.
   * Groups the footprint covers only in part stay -1 (their other parts vary).
   */
  wholeGroups: Int32Array;
  /** Per group of `groups`: 1 if the footprint covers it whole. */
  readonly whole: Uint8Array;
  groupTable: KeyTable;
  readonly groupKey: Uint32Array;
  groupResults: Uint32Array;
  groupHits: number;
  groupMisses: number;
  /** Still looked up by groups (not once it has missed more often than it hit). */
  byGroups: boolean;
  /** Where the footprint says what the step reads (StepFootprint.reads), the outcomes that changed nothing else, by those parts. */
  readonly byReads: ReadsMemo | undefined;
}

/** A step's outcomes by the parts it reads alone: each outcome's numbers of those parts, `slots.length` per outcome. */
export interface ReadsMemo {
  readonly slots: Int32Array;
  readonly table: KeyTable;
  readonly scratch: Uint32Array;
  results: Uint32Array;
}

/** A step with nothing remembered yet; `groupOf` gives each part's group, `groupSizes` each group's number of parts. */
export function stepMemo(footprint: StepFootprint, groupOf: Int32Array, groupSizes: Int32Array): StepMemo {
  const slots = Int32Array.from(new Set(footprint.slots)).sort();
  const width = slots.length;
  const groups = Int32Array.from(new Set(Array.from(slots, (slot) => groupOf[slot]!)));
  const whole = Uint8Array.from(groups, (group) => (slots.filter((slot) => groupOf[slot] === group).length === groupSizes[group] ? 1 : 0));
  const keyGroups = groups.filter((_, i) => whole[i] === 1);
  const keySlots = slots.filter((slot) => !keyGroups.includes(groupOf[slot]!));
  const keyWidth = Math.max(1, keyGroups.length + keySlots.length);
  return {
    key: footprint.key,
    slots,
    width,
    keyGroups,
    keySlots,
    table: new KeyTable(keyWidth, 16),
    scratch: new Uint32Array(keyWidth),
    results: new Uint32Array(16 * width),
    groups,
    wholeGroups: new Int32Array(16 * groups.length).fill(-1),
    whole,
    groupTable: new KeyTable(Math.max(1, groups.length), 16),
    groupKey: new Uint32Array(Math.max(1, groups.length)),
    groupResults: new Uint32Array(16 * groups.length),
    groupHits: 0,
    groupMisses: 0,
    byGroups: true,
    byReads: footprint.reads && readsMemo(footprint.reads, slots),
  };
}

function readsMemo(reads: readonly number[], slots: Int32Array): ReadsMemo {
  const read = Int32Array.from(new Set(reads)).sort();
  for (const slot of read) if (!slots.includes(slot)) throw new Error(`a step reads part ${slot}, which is not in its footprint`);
  const width = Math.max(1, read.length);
  return { slots: read, table: new KeyTable(width, 16), scratch: new Uint32Array(width), results: new Uint32Array(16 * width) };
}

/**
 * Counts a miss by groups, and says whether to remember this outcome by
 * groups: past a thousand outcomes, only while two lookups in three hit; and
 * once fewer than half do, the step is looked up by groups no more, and what
 * it remembered by groups is let go.
 */
export function rememberByGroups(memo: StepMemo): boolean {
  if (!memo.byGroups) return false;
  memo.groupMisses++;
  if (memo.groupTable.size < GROUP_MEMO_TRIAL || memo.groupHits >= 2 * memo.groupMisses) return true;
  if (memo.groupHits < memo.groupMisses) {
    memo.byGroups = false;
    // Never read again: on a small scenario these tables are a tenth of the search's memory.
    memo.groupTable = new KeyTable(1, 1);
    memo.groupResults = new Uint32Array(0);
  }
  return false;
}

/** The number of the step's outcome remembered by the parts it reads, from a state with these part numbers, or -1; leaves its key in the memo's scratch. */
export function rememberedByReads(memo: ReadsMemo, parts: Uint32Array): number {
  const { slots, scratch } = memo;
  for (let i = 0; i < slots.length; i++) scratch[i] = parts[slots[i]!]!;
  return memo.table.find(scratch, 0);
}

/** Remembers the outcome just taken by the parts the step reads (their key in the memo's scratch), if it changed no other part of its footprint. */
export function rememberByReads(memo: ReadsMemo, footprint: Int32Array, before: Uint32Array, after: Uint32Array): void {
  const read = memo.slots;
  for (let i = 0, r = 0; i < footprint.length; i++) {
    const slot = footprint[i]!;
    if (read[r] === slot) r++;
    else if (after[slot] !== before[slot]) return;
  }
  const id = memo.table.intern(memo.scratch, 0);
  if (memo.results.length < (id + 1) * read.length) memo.results = grown(memo.results, (id + 1) * read.length);
  for (let i = 0; i < read.length; i++) memo.results[id * read.length + i] = after[read[i]!]!;
}
