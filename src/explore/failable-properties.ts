/**
 * Which of a model's properties checked in every state ("always") may fail
 * in a stored state, as the model's parts tell (StateParts.mayFail): worked
 * out once per row of each group, so that a state where they all hold is not
 * made into a readable state to be judged (interned-model.ts).
 */
import type { StateParts } from "../model-contract/state-parts.js";
import type { Property } from "../model-contract/property.js";
import type { GroupTable } from "./group-table.js";
import { grown } from "./key-table.js";
import type { PartTable } from "./part-table.js";

/** The most properties told apart: one bit each, and one more for "worked out". */
const MAX_JUDGED = 31;
const WORKED_OUT = 1 << MAX_JUDGED;

export class FailableProperties<State> {
  /** The properties checked in every state, as bits (none where the parts do not say, or they are too many to tell apart). */
  private readonly always: number;
  /** Per group, by the number of its row: the properties its parts let fail, with WORKED_OUT set once worked out. */
  private readonly byGroup: Uint32Array[];
  private readonly scratch: Uint32Array;

  constructor(
    private readonly parts: Pick<StateParts<State>, "count" | "mayFail">,
    properties: readonly Property<State>[],
    private readonly groups: readonly GroupTable[],
    private readonly tables: readonly PartTable[],
  ) {
    this.always =
      parts.mayFail && properties.length <= MAX_JUDGED
        ? properties.reduce((bits, property, p) => (property.expectation === "always" ? bits | (1 << p) : bits), 0)
        : 0;
    this.byGroup = groups.map(() => new Uint32Array(16));
    this.scratch = new Uint32Array(parts.count);
  }

  /** The properties checked in every state that may fail in the state stored at `vector[at ..]`, as bits (all of them where the parts do not say). */
  in(vector: Uint32Array, at: number): number {
    let bits = this.always;
    if (bits === 0) return -1;
    for (let g = 0; g < this.groups.length && bits !== 0; g++) {
      const id = vector[at + g]!;
      let known = this.byGroup[g]!;
      if (known.length <= id) known = this.byGroup[g] = grown(known, id + 1);
      if (known[id] === 0) known[id] = this.ofRow(g, id) | WORKED_OUT;
      bits &= known[id]!;
    }
    return bits;
  }

  /** Whether property `p` holds, by the bits `in` gave, without being asked. */
  static holds(mayFail: number, p: number): boolean {
    return p < MAX_JUDGED && (mayFail & (1 << p)) === 0;
  }

  /** The properties that every part of row `id` of group `g` lets fail, as bits. */
  private ofRow(g: number, id: number): number {
    const { scratch: parts } = this;
    const group = this.groups[g]!;
    group.expand(id, parts);
    let bits = this.always;
    for (let p = 0; p < MAX_JUDGED; p++) {
      if ((bits & (1 << p)) === 0) continue;
      for (const slot of group.slots) {
        if (!this.parts.mayFail!(this.tables[slot]!.values[parts[slot]!], slot, p)) {
          bits &= ~(1 << p);
          break;
        }
      }
    }
    return bits;
  }
}
