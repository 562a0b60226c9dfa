/**
 * `--seed S`, the one way every command takes a seed: explore's random walks,
 * a live run's transfers, and an instructor's seed for the checks that draw
 * what they grade on (the generated scenarios, exercise 3's inputs). yargs
 * reads it as a number where it is one (coerce), and its command's check
 * refuses anything else in one line.
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import { oneValue } from "./option-values.js";

/** fast-check takes a 32-bit integer, and the walks' and live runs' generator keeps 32 bits: a seed is a non-negative one. */
export const MAX_SEED = 2 ** 31 - 1;

/** The seed `typed` names, or `typed` as it was for checkSeed to refuse. */
function seedOf(typed: string): number | string {
  const word = String(typed).trim();
  return /^\d{1,10}$/.test(word) && Number(word) <= MAX_SEED ? Number(word) : String(typed);
}

const once = oneValue<string>("seed");

/** One value (option-values.ts), read as a number where it is one. */
export const seedOption = { type: "string", requiresArg: true, coerce: (typed: string) => seedOf(once.coerce(typed)) } as const;

/** For a command's check: refuses a `--seed` that is not a seed, saying what one is. */
export function checkSeed(args: { seed?: unknown }): true {
  if (args.seed !== undefined && typeof args.seed !== "number") {
    throw new SnaplabError("USAGE", `--seed ${String(args.seed)}: a seed is a whole number from 0 to ${MAX_SEED.toLocaleString("en-US")}`);
  }
  return true;
}
