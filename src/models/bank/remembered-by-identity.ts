/**
 * What the bank's rules and properties remember, found by the identity of
 * the interned parts they were about (remembered-answers.ts,
 * remembered-multi-answers.ts, recorded-verdicts.ts): a path of maps, one
 * part a step, and what was worked out at its end. No key is built.
 */

/** Maps one inside the other, a part a step, with what was worked out at the end. */
export type PartPath = Map<unknown, unknown>;

/**
 * The path a root part starts, made the first time. Roots are held weakly, so
 * that what was remembered about the parts of states made otherwise (not
 * interned) goes with them.
 */
export function startingAt(roots: WeakMap<object, PartPath>, part: object): PartPath {
  let path = roots.get(part);
  if (!path) roots.set(part, (path = new Map()));
  return path;
}

/** Where `part` leads from `path`, made the first time. */
export function through(path: PartPath, part: unknown): PartPath {
  let next = path.get(part) as PartPath | undefined;
  if (!next) path.set(part, (next = new Map()));
  return next;
}

/** What `work` gives for `key` in `map`, worked out the first time only. */
export function remembered<Key, Value>(map: Map<Key, unknown>, key: Key, work: () => Value): Value {
  // What is remembered may be undefined (a property that holds): `has` tells it from what was never worked out.
  if (map.has(key)) return map.get(key) as Value;
  const value = work();
  map.set(key, value);
  return value;
}
