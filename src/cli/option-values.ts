/**
 * How an option takes its value, said to yargs where each option is
 * declared. yargs takes an option that expects one value given twice as a
 * list (`--out a --out b` ended in a stack trace), one given no value as
 * unset or empty (`--max-states` at the end of the line: the default
 * applied; `--svg=` wrote pictures to hidden files named .conservation and
 * so on), and any word given to a switch but `true` as false (`--fifo=maybe`
 * explored without FIFO). So:
 *
 * - a switch is declared with `nargs: 0`: yargs refuses `--fifo=maybe`
 *   (`--fifo` or `--no-fifo` it is, each a switch of its own: yargs' own
 *   negation is off, fifo-options.ts);
 * - an option that takes one value gets `...oneValue(name)`: yargs' own
 *   `requiresArg` (none given, where yargs would take the default instead),
 *   and a `coerce` that refuses an empty value, or two;
 * - an option that takes a list gets `...someValues(name)`: `requiresArg`
 *   too (yargs took `--kill` with nothing after it for an empty list, and ran
 *   the whole live run), and a `coerce` that refuses an empty value. `--only`
 *   refuses an empty list with a check of its own, which names the exercises.
 */
import { SnaplabError } from "../errors/snaplab-error.js";

/** What the option `--name` adds to its declaration; `T`, its value's type where a check reads it. */
export const oneValue = <T = unknown>(name: string) => ({
  requiresArg: true,
  coerce: (value: T): T => {
    if (Array.isArray(value)) throw new SnaplabError("USAGE", `--${name} is given twice: give it once`);
    // `--svg=`, `--out ""`.
    if (value === "") throw new SnaplabError("USAGE", `--${name} needs a value`);
    return value;
  },
});

/** What the option `--name`, which takes a list (`--kill A@1s --kill B@2s`), adds to its declaration. */
export const someValues = (name: string) => ({
  requiresArg: true,
  coerce: (values: string[]): string[] => {
    // `--kill=`, `--expect ""`.
    if (values.includes("")) throw new SnaplabError("USAGE", `--${name} needs a value`);
    return values;
  },
});
