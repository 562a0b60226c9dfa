/**
 * A length of time as snaplab writes it, the one way every command and
 * message spells one: a number and its unit, `300ms`, `3s`, `5min` (the
 * options that take one read it back, src/cli/duration-option.ts).
 */

/** The units a length of time is written in, each spelled one way, and how many milliseconds one is. */
export const durationUnits = { ms: 1, s: 1000, min: 60_000 } as const;

/** `ms` in the largest unit it is a whole number of: 3000 as `3s`, 300000 as `5min`, 0 as `0ms`. */
export function formatDuration(ms: number): string {
  const unit = (["min", "s"] as const).find((larger) => ms !== 0 && ms % durationUnits[larger] === 0) ?? "ms";
  return `${ms / durationUnits[unit]}${unit}`;
}
