/**
 * A length of time on the command line, the one way every option that is one
 * takes it: a number and its unit, `300ms`, `3s`, `2.5s`, `5min` (`grade
 * --time-limit` and `--grade-time-limit`, `live --timeout`, and the time of
 * `live --kill B@300ms`). yargs reads it into milliseconds (coerce). A bare
 * number is refused: the unit it meant would be a guess, and a wrong guess
 * runs a thousand times too short or too long, silently.
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import { durationUnits, formatDuration } from "../render/duration.js";
import { oneValue } from "./option-values.js";

type Unit = keyof typeof durationUnits;

/**
 * The longest length of time taken: 24 days. Node's timers wait no longer
 * than 2^31 − 1 ms (a longer wait ends at once), and what is waited for
 * past a limit (a grader process's grace) is added to it.
 */
export const MAX_DURATION_MS = 24 * 24 * 60 * durationUnits.min;

/** A length of time read: its milliseconds, or what is wrong with what was typed. */
export type DurationReading = { ms: number } | { problem: string };

/**
 * The milliseconds `typed` says, at least `least`; or what is wrong with it,
 * for its option to say. `writtenAs` spells a length of time as the option's
 * value is written (`B@300ms` for --kill), for the fix a refusal shows.
 */
export function readDuration(typed: string, least: number, writtenAs: (duration: string) => string = (duration) => duration): DurationReading {
  const read = /^(-?)(\d+)(?:\.(\d+))?(ms|s|min)?$/.exec(typed);
  if (!read) return { problem: `write a length of time with its unit, as in ${writtenAs("300ms")}, ${writtenAs("2.5s")} or ${writtenAs("5min")}` };
  const [, minus, whole = "", fraction = "", unit] = read;
  const atLeast = { problem: `must be at least ${formatDuration(least)}` };
  // Below zero, or zero where more is needed, in any unit: said so, rather than asking for the unit first.
  const digits = BigInt(whole + fraction);
  if ((minus === "-" && digits > 0n) || (digits === 0n && least > 0)) return atLeast;
  if (unit === undefined) return { problem: `give a unit, as in ${writtenAs(`${typed}ms`)} or ${writtenAs(`${typed}s`)}` };
  // Counted in whole numbers, not floating point: 1.005s is 1005ms exactly, and 0.5ms is no whole number of milliseconds.
  const scaled = digits * BigInt(durationUnits[unit as Unit]);
  const per = 10n ** BigInt(fraction.length);
  if (scaled % per !== 0n) return { problem: "must be a whole number of milliseconds" };
  const ms = scaled / per;
  if (ms < BigInt(least)) return atLeast;
  if (ms > BigInt(MAX_DURATION_MS)) return { problem: `at most ${formatDuration(MAX_DURATION_MS)} (24 days, about the longest a timer can wait)` };
  return { ms: Number(ms) };
}

/**
 * What the option `--name`, a length of time of at least `least` ms, adds to
 * its declaration: one value (option-values.ts), read into milliseconds, or
 * refused in one line that names the option and says what to give.
 */
export function durationOption(name: string, least: number) {
  const once = oneValue<string>(name);
  return {
    type: "string",
    requiresArg: true,
    coerce: (typed: string): number => {
      const value = once.coerce(typed);
      const read = readDuration(value, least);
      if ("problem" in read) throw new SnaplabError("USAGE", `--${name} ${value}: ${read.problem}`);
      return read.ms;
    },
  } as const;
}
