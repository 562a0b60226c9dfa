import type { CallFault } from "../sandbox/protocol.js";

export type FaultKind = CallFault | "malformed" | "timeout";

/**
 * A submission broke the contract every rule has (snapshot-algorithm.ts):
 * it threw, changed its input, answered differently to the same question,
 * returned effects that are not effects, or did not answer in time. The exercise gets zero, and the
 * message says which rule, where, and what it did; `scenario`, the smallest
 * generated scenario it did it on, where a check on generated ones met it.
 */
export class RuleFault extends Error {
  constructor(
    readonly fault: FaultKind,
    message: string,
    readonly scenario?: object,
  ) {
    super(message);
  }
}
