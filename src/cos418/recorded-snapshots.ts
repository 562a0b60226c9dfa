/**
 * Every snapshot snaplab's reference rules can record for a converted COS418
 * scenario, found through the one pipeline (src/check/). Exhaustively where
 * it fits: the multi-snapshot bank for several snapshots, the compact engine
 * for one. When several snapshots are too many states at once, each snapshot
 * is explored on its own: markers carry no money and each snapshot keeps its
 * own recordings, so what snapshot k can record in the run with all of them
 * is what it can record when it is the only one (a process's earlier
 * snapshots can always start just before it). When one snapshot is still too
 * big, partial-order reduction finds the same snapshots in far fewer states.
 */
import { check } from "../check/check.js";
import type { Report } from "../check/report.js";
import { StateLimitError } from "../explore/state-limit-error.js";
import { parseModelScenario } from "../models/registry.js";
import type { BankRecording } from "./reachability.js";
import type { Cos418Scenario } from "./to-scenario.js";
import { bothOrAll } from "../render/count-words.js";

/** States explored at once before several snapshots are taken one by one (the multi-snapshot bank runs in the generic explorer). */
export const SEVERAL_SNAPSHOTS_MAX_STATES = 10_000;
/** States explored without reduction before partial-order reduction is used. */
export const ONE_SNAPSHOT_MAX_STATES = 200_000;

export interface RecordedSnapshots {
  /** Per distinct outcome, what each snapshot id recorded (an outcome of one snapshot explored alone has only that id). */
  readonly outcomes: readonly (readonly BankRecording[])[];
  /** How the interleavings were explored, in words. */
  readonly how: string;
  readonly states: number;
  /** Properties of the reference rules that some interleaving violates. */
  readonly violated: readonly string[];
}

/** How many states to explore before the next way; a test may lower them to see each way taken. */
export interface ExploreLimits {
  readonly severalMaxStates: number;
  readonly oneMaxStates: number;
}

const DEFAULT_LIMITS: ExploreLimits = { severalMaxStates: SEVERAL_SNAPSHOTS_MAX_STATES, oneMaxStates: ONE_SNAPSHOT_MAX_STATES };

export function recordedSnapshots(scenario: Cos418Scenario, limits: ExploreLimits = DEFAULT_LIMITS): RecordedSnapshots {
  const starters = scenario.snapshots ?? scenario.initiators;
  if (starters.length > 1) {
    try {
      const report = checked(scenario, { maxStates: limits.severalMaxStates });
      const how = `every interleaving of ${bothOrAll(starters.length)} snapshots (multi-snapshot bank)`;
      return { outcomes: report.snapshots as BankRecording[][], how, states: report.states, violated: report.violated };
    } catch (error) {
      if (!(error instanceof StateLimitError)) throw error;
    }
  }
  const alone = starters.map((starter, id) => {
    const { snapshots: _, ...rest } = scenario;
    const { report, reduced } = oneSnapshot({ ...rest, name: `${scenario.name}, snapshot ${id}`, initiators: [starter] }, limits.oneMaxStates);
    const outcomes = (report.snapshots as BankRecording[]).map((recording) => Object.assign([], { [id]: recording }) as BankRecording[]);
    return { report, reduced, outcomes };
  });
  const reduced = alone.some((a) => a.reduced) ? ", partial-order reduction" : "";
  const how =
    starters.length === 1
      ? `every interleaving${reduced ? " (partial-order reduction: the same snapshots in fewer states)" : ""}`
      : `every interleaving of each snapshot on its own (too many states for ${bothOrAll(starters.length)} at once${reduced})`;
  return {
    outcomes: alone.flatMap((a) => a.outcomes),
    how,
    states: alone.reduce((sum, a) => sum + a.report.states, 0),
    violated: [...new Set(alone.flatMap((a) => a.report.violated.map((p) => (starters.length === 1 ? p : `${p} (snapshot ${alone.indexOf(a)})`))))],
  };
}

function oneSnapshot(scenario: Cos418Scenario, maxStates: number): { report: Report; reduced: boolean } {
  try {
    return { report: checked(scenario, { maxStates }), reduced: false };
  } catch (error) {
    if (!(error instanceof StateLimitError)) throw error;
    return { report: checked(scenario, { reduction: "por" }), reduced: true };
  }
}

function checked(scenario: Cos418Scenario, options: { maxStates?: number; reduction?: "por" }): Report {
  // A scenario snaplab cannot take (too many servers, say) is refused naming what it was converted from.
  return check(parseModelScenario(JSON.stringify(scenario), `the scenario converted from ${scenario.name.replace(/, snapshot \d+$/, "")}`), options);
}
