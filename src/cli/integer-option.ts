/**
 * An integer on the command line, the one way every option that is one takes
 * it (`explore --max-states`, `grade --jobs`, `live --transfers`, ...): one
 * value (option-values.ts), read as a number (coerce), or refused in one line
 * that names the option and what it takes, as `--max-states 0: must be an
 * integer of at least 1` (integer-bounds.ts). --help shows it as a number.
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import { type IntegerBounds, integerProblem } from "../scenario/integer-bounds.js";
import { oneValue } from "./option-values.js";

/** What the option `--name` adds to its declaration; `unit` is said after a refusal, where the number counts one. */
export function integerOption(name: string, bounds: IntegerBounds, unit?: string) {
  const once = oneValue<string | number>(name);
  return {
    // A number to --help (type), kept as the text typed (string, which yargs' parser heeds before number) for a refusal to quote.
    type: "number",
    string: true,
    requiresArg: true,
    // A default comes as the number it is; what is typed, as text.
    coerce: (typed: string | number): number => {
      const given = once.coerce(typed);
      const value = typeof given === "number" || given.trim() !== "" ? Number(given) : Number.NaN;
      const problem = integerProblem(value, bounds);
      if (problem !== undefined) throw new SnaplabError("USAGE", `--${name} ${given}: ${problem}${unit === undefined ? "" : ` (${unit})`}`);
      return value;
    },
  } as const;
}
