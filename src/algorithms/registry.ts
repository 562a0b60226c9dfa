/** The snapshot algorithms a scenario or the command line can name. */
import { SnaplabError } from "../errors.js";
import { chandyLamport } from "./chandy-lamport.js";
import { seed000 } from "./seed000.js";
import type { SnapshotAlgorithm } from "./snapshot-algorithm.js";

/** Look-up by name in a fixed list, refusing an unknown name with the list of known ones. */
export function registry<T extends { readonly name: string }>(items: readonly T[], what: string) {
  const names = (): string[] => items.map((item) => item.name);
  const find = (name: string): T => {
    const found = items.find((item) => item.name === name);
    if (!found) throw new SnaplabError("UNKNOWN_ALGORITHM", `unknown ${what} "${name}" (known: ${names().join(", ")})`);
    return found;
  };
  return { names, find };
}

const algorithms = registry<SnapshotAlgorithm>([chandyLamport, seed000], "algorithm");

export const algorithmNames = algorithms.names;
export const findAlgorithm = algorithms.find;
