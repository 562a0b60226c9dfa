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
 *   (`--fifo` or `--no-fifo` it is);
 * - an option that takes one value gets `...oneValue(name)`: yargs' own
 *   `requiresArg` (none given, where yargs would take the default instead),
 *   and a `coerce` that refuses an empty value, or two.
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
