import type { CallFault } from "../sandbox/protocol.js";

export type FaultKind = CallFault | "malformed";

/**
 * A submission broke the contract every rule has (snapshot-algorithm.ts):
 * it threw, changed its input, answered differently to the same question,
 * or returned effects that are not effects. The exercise gets zero, and the
 * message says which rule, where, and what it did.
 */
export class RuleFault extends Error {
  constructor(
    readonly fault: FaultKind,
    message: string,
  ) {
    super(message);
  }
}
