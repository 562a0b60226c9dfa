/**
 * Exercises 1 and 2 fill in one file, and each grades its own half beside
 * the reference's other half (compose.ts), so that a mistake in one costs
 * nothing in the other. But two halves each right beside the reference's can
 * be wrong together: one opens a channel's recording only when a message
 * comes, the other takes a channel not yet opened for "not recorded yet",
 * and the file as a whole, which `snaplab explore --rules` runs, records
 * twice. So a scenario is explored with the whole file first; only where
 * that fails does it matter whose the mistake is:
 *
 * - this exercise's half fails beside the reference's other half: its own
 *   mistake, shown as it always was;
 * - else the other half fails beside the reference's: the other exercise's
 *   mistake, which costs nothing here;
 * - else the two halves are wrong only together: the whole file's run shows it.
 *
 * A file right as a whole passes on the whole file's search alone, which
 * explores what the halves' would.
 */
import { RuleFault } from "./rule-fault.js";
import { type CheckOutcome, failed } from "./run-check.js";
import type { GradedSystem } from "./graded-system.js";

/** Of a system that runs one exercise's half of a file beside the reference's other half: the file as a whole, and the other half beside the reference. */
export interface HalfOfFile<State, Action> {
  readonly whole: GradedSystem<State, Action>;
  readonly other: GradedSystem<State, Action>;
}

/** The outcome of the check on `half` (which runs one half beside the reference's) as the file's halves decide it, each system explored by `run`. */
export function checkedAsHalf<State, Action>(
  half: GradedSystem<State, Action>,
  file: HalfOfFile<State, Action>,
  run: (system: GradedSystem<State, Action>) => CheckOutcome<State, Action>,
): CheckOutcome<State, Action> {
  const ending = half.throwsEndRuns === undefined ? {} : { throwsEndRuns: half.throwsEndRuns };
  // A rule that throws in the whole file's run alone is told only where neither half fails without it.
  let thrown: RuleFault | undefined;
  let whole: CheckOutcome<State, Action>;
  try {
    whole = run({ ...file.whole, ...ending });
    if (!failed(whole)) return whole;
  } catch (error) {
    if (!(error instanceof RuleFault)) throw error;
    thrown = error;
    whole = { states: 0 };
  }
  const own = run(half);
  if (failed(own)) return { ...own, states: whole.states + own.states };
  let other: CheckOutcome<State, Action>;
  try {
    other = run({ ...file.other, ...ending });
  } catch (error) {
    if (!(error instanceof RuleFault)) throw error;
    return { states: whole.states + own.states };
  }
  const states = whole.states + own.states + other.states;
  if (failed(other)) return { states };
  if (thrown) throw thrown;
  return { ...whole, states, wholeFile: true };
}
