/**
 * The distinct parts met in one position of a state (StateParts), numbered
 * in the order they were met; the first part met with a key is the
 * canonical one, handed back whenever that number is read (interned-model.ts).
 */
import type { StateParts } from "../model-contract/state-parts.js";

/** The distinct parts met in one position, numbered in the order they were met. */
export class PartTable {
  readonly values: unknown[] = [];
  private readonly byKey = new Map<string, number>();
  /** The canonical parts, by identity: a part shared with an earlier state needs no key. */
  private readonly byIdentity = new Map<unknown, number>();

  get size(): number {
    return this.values.length;
  }

  idOf(part: unknown, slot: number, parts: Pick<StateParts<unknown>, "key">): number {
    const known = this.byIdentity.get(part);
    if (known !== undefined) return known;
    const key = parts.key(part, slot);
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(part);
      this.byKey.set(key, id);
      this.byIdentity.set(part, id);
    }
    return id;
  }
}
