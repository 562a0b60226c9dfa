/**
 * Mistakes yargs lets through: a switch given a value (`--fifo=maybe`,
 * `--json=1`: both read as false, so `--fifo=maybe` explored without FIFO),
 * an option that takes a value given none (`--max-states` at the end of the
 * line: unset, so the default applied) or an empty one, and one given twice
 * (a list where the command expects one value: `--out a --out b` ended in a
 * stack trace). Each is refused here, before the command runs, in one line.
 */
import type { Argv } from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";

/** The options of the command being run, by type, and those with a list of choices. */
export interface OptionTypes {
  readonly boolean: readonly string[];
  readonly number: readonly string[];
  readonly string: readonly string[];
  readonly choices: Readonly<Record<string, unknown>>;
  /** Lists (grade's --only): their commands say what an empty one lacks. */
  readonly array: readonly string[];
}

/** The options the command being run declared: yargs' getOptions(), a method of its instances its types leave out. */
export const optionTypesOf = (cli: Argv): OptionTypes => (cli as unknown as { getOptions(): OptionTypes }).getOptions();

/** Throws a SnaplabError naming the first option of `argv` (the command line as typed) given a value it cannot take, none where it needs one, or twice. */
export function checkOptionValues(argv: readonly string[], types: OptionTypes): void {
  const end = argv.indexOf("--");
  const typed = end < 0 ? argv : argv.slice(0, end);
  const given = new Set<string>();
  typed.forEach((token, i) => {
    const option = /^--([^=]+)(?:=(.*))?$/s.exec(token);
    if (!option) return;
    const name = kebab(option[1]!);
    const value = option[2];
    const switchName = name.startsWith("no-") && types.boolean.includes(name.slice(3)) ? name.slice(3) : name;
    if (types.boolean.includes(switchName) && value !== undefined && value !== "true" && value !== "false") {
      throw new SnaplabError("USAGE", `${token}: --${switchName} is a switch and takes no value (--${switchName} or --no-${switchName})`);
    }
    const next = typed[i + 1];
    const takesValue = (types.number.includes(name) || types.string.includes(name) || name in types.choices) && !types.array.includes(name);
    if (!takesValue) return;
    // An empty value too: --svg= wrote its pictures to hidden files named .conservation and so on.
    const missing = value === undefined ? next === undefined || next === "" || /^--?[a-z]/i.test(next) : value === "";
    if (missing) throw new SnaplabError("USAGE", `--${name} needs a value`);
    // yargs would hand the command a list where it expects one value.
    if (given.has(name)) throw new SnaplabError("USAGE", `--${name} is given twice: give it once`);
    given.add(name);
  });
}

/** yargs takes --maxStates for --max-states. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
