/**
 * An integer a person gives, on the command line or in a file, and the bounds
 * it must keep: said one way wherever one is refused, `must be an integer of
 * at least 1`, or where a limit keeps a run within reach, `at most 1,000`
 * with why. The option or the field is named by whoever refuses it.
 */

export interface IntegerBounds {
  readonly least: number;
  readonly most?: { readonly max: number; readonly why: string };
}

/** What is wrong with `value` as an integer within `bounds`, if anything. */
export function integerProblem(value: unknown, bounds: IntegerBounds): string | undefined {
  if (typeof value !== "number" || !Number.isInteger(value) || value < bounds.least) return `must be an integer of at least ${bounds.least}`;
  if (bounds.most && value > bounds.most.max) return `at most ${bounds.most.max.toLocaleString("en-US")} (${bounds.most.why})`;
  return undefined;
}
