/**
 * A counterexample as every JSON report writes it (explore's, random walks',
 * grade's): the property, why it is violated, how many steps, the steps in
 * words under `steps`, and what the run recorded and what a refused rule saw
 * where they are told. One writer, so a script reads every report's alike.
 */
import type { Counterexample } from "../check/report.js";

/** What a counterexample's JSON is made from: the explorer's counterexample, or the grader's told in words. */
export interface CounterexampleFields extends Pick<Counterexample, "property" | "reason" | "length" | "steps" | "recorded"> {
  readonly details?: readonly string[];
}

export function counterexampleJson(c: CounterexampleFields): object {
  return {
    property: c.property,
    length: c.length,
    reason: c.reason,
    steps: c.steps,
    ...(c.recorded === undefined ? {} : { recorded: c.recorded }),
    ...(c.details === undefined ? {} : { details: c.details }),
  };
}
