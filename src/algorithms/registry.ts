/** The snapshot algorithms a scenario or the command line can name. */
import { SnaplabError } from "../errors.js";
import { chandyLamport } from "./chandy-lamport.js";
import { seed000 } from "./seed000.js";
import type { SnapshotAlgorithm } from "./snapshot-algorithm.js";

const algorithms: readonly SnapshotAlgorithm[] = [chandyLamport, seed000];

export function algorithmNames(): string[] {
  return algorithms.map((a) => a.name);
}

export function findAlgorithm(name: string): SnapshotAlgorithm {
  const found = algorithms.find((a) => a.name === name);
  if (!found) {
    throw new SnaplabError("UNKNOWN_ALGORITHM", `unknown algorithm "${name}" (known: ${algorithmNames().join(", ")})`);
  }
  return found;
}
