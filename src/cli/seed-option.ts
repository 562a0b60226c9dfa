/**
 * `--seed S`, the one way every command takes a seed: explore's random walks,
 * a live run's transfers, and an instructor's seed for the checks that draw
 * what they grade on (the generated scenarios, exercise 3's inputs). yargs
 * reads it as a number where it is one (coerce), and its command's check
 * refuses anything else in one line.
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import { isSeed, WHAT_A_SEED_IS } from "../explore/seeded-random.js";
import { oneValue } from "./option-values.js";

/** The seed `typed` names, or `typed` as it was for checkSeed to refuse. */
function seedOf(typed: string): number | string {
  const word = String(typed).trim();
  return /^\d{1,10}$/.test(word) && isSeed(Number(word)) ? Number(word) : String(typed);
}

const once = oneValue<string>("seed");

/** One value (option-values.ts), read as a number where it is one. */
export const seedOption = {
  // A number to --help, kept as the text typed for checkSeed to quote, as integer-option.ts declares its options.
  type: "number",
  string: true,
  requiresArg: true,
  coerce: (typed: string) => seedOf(once.coerce(typed)),
} as const;

/** For a command's check: refuses a `--seed` that is not a seed, saying what one is. */
export function checkSeed(args: { seed?: unknown }): true {
  if (args.seed !== undefined && typeof args.seed !== "number") {
    throw new SnaplabError("USAGE", `--seed ${String(args.seed)}: ${WHAT_A_SEED_IS}`);
  }
  return true;
}
