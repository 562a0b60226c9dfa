/**
 * What the interned model (interned-model.ts) remembers of one step, a
 * footprint (StateParts.footprint): its outcomes from the parts it met.
 */
import type { StepFootprint } from "../model/state-parts.js";
import { KeyTable } from "./key-table.js";

/** How many outcomes a step remembers by groups before it asks whether that pays. */
const GROUP_MEMO_TRIAL = 1024;

/**
 * One step's remembered outcomes, twice over: by the numbers of the parts in
 * its footprint (before: the table's keys; after: `results`, `width` per
 * outcome), and by the numbers of the groups those parts are in (`groupTable`,
 * `groupResults`), which is quicker and misses more often.
 */
export interface StepMemo {
  readonly slots: Int32Array;
  readonly width: number;
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
  /** How many of the footprint's parts are in each of `groups`. */
  readonly coveredParts: Int32Array;
  groupTable: KeyTable;
  readonly groupKey: Uint32Array;
  groupResults: Uint32Array;
  groupHits: number;
  groupMisses: number;
  /** Still looked up by groups (not once it has missed more often than it hit). */
  byGroups: boolean;
}

/** A step with nothing remembered yet; `groupOf` gives each part's group. */
export function stepMemo(footprint: StepFootprint, groupOf: Int32Array): StepMemo {
  const slots = Int32Array.from(new Set(footprint.slots)).sort();
  const width = slots.length;
  const groups = Int32Array.from(new Set(Array.from(slots, (slot) => groupOf[slot]!)));
  return {
    slots,
    width,
    table: new KeyTable(Math.max(1, width), 16),
    scratch: new Uint32Array(Math.max(1, width)),
    results: new Uint32Array(16 * width),
    groups,
    wholeGroups: new Int32Array(16 * groups.length).fill(-1),
    coveredParts: Int32Array.from(groups, (group) => slots.filter((slot) => groupOf[slot] === group).length),
    groupTable: new KeyTable(Math.max(1, groups.length), 16),
    groupKey: new Uint32Array(Math.max(1, groups.length)),
    groupResults: new Uint32Array(16 * groups.length),
    groupHits: 0,
    groupMisses: 0,
    byGroups: true,
  };
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
