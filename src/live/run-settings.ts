/**
 * The numbers a live run is given, and what each may be: checked one way
 * whether they come from `snaplab live`'s options or from a cluster file's
 * fields (which `snaplab node` reads, and a person may write by hand). A
 * refusal names the option or the field.
 */
import { isSeed, WHAT_A_SEED_IS } from "../explore/seeded-random.js";
import { type IntegerBounds, integerProblem } from "../scenario/integer-bounds.js";

/** The counts of a run, with their bounds. */
export const RUN_COUNTS = {
  // A run is checked from its logs, every event of which is kept in memory until the run ends: the bound keeps that within
  // an ordinary machine's memory, where an unbounded count (1e12) ran on without a word, its logs growing.
  transfers: { least: 0, most: { max: 1_000_000, why: "the run is checked from its logs, which are kept in memory until it ends" } },
  rate: { least: 0 },
  snapshots: { least: 0, most: { max: 1000, why: "each process keeps a copy of what its rules see for every snapshot" } },
} as const satisfies Record<string, IntegerBounds>;

export type RunSetting = keyof typeof RUN_COUNTS | "seed";

/** What is wrong with `value` as the run's `setting`, if anything. */
export function runSettingProblem(setting: RunSetting, value: unknown): string | undefined {
  if (setting === "seed") return isSeed(value) ? undefined : WHAT_A_SEED_IS;
  return integerProblem(value, RUN_COUNTS[setting]);
}
