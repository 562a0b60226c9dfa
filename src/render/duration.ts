/**
 * How a length of time is written, the one way snaplab writes it: a number
 * and its unit, `300ms`, `3s`, `5min`, as every option that takes one reads
 * it (cli/duration-option.ts). A message that states a limit the user can set
 * says it this way, so that what it says can be typed back.
 */

/** The units a length of time is written in, each spelled one way, and how many milliseconds one is. */
export const durationUnits = { ms: 1, s: 1000, min: 60_000 } as const;

/** `ms` in the largest unit it is a whole number of: 3000 as `3s`, 300000 as `5min`, 0 as `0ms`. */
export function formatDuration(ms: number): string {
  const unit = (["min", "s"] as const).find((larger) => ms !== 0 && ms % durationUnits[larger] === 0) ?? "ms";
  return `${ms / durationUnits[unit]}${unit}`;
}
