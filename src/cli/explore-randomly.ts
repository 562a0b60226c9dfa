/** `snaplab explore --search random`: random walks through a scenario of any model, for systems beyond exhaustive reach. */
import type { ModelScenario, Named } from "../check/model-descriptor.js";
import { checkByRandomWalks } from "../check/random-walks.js";
import { watchingMemory } from "../explore/memory-limit.js";
import type { WalkProgress } from "../explore/simulate.js";
import { randomWalkJsonReport, randomWalkTextReport } from "../render/random-walk-report.js";
import { writeAskedFiles, type CounterexampleFiles } from "./counterexample-files.js";
import { ExitCode } from "./exit-code.js";
import { clearProgressLine, progressEveryMs, showProgressLine } from "./progress-line.js";
import { wantsColor } from "./wants-color.js";

export interface RandomWalkArgs extends CounterexampleFiles {
  readonly search: string;
  readonly walks: number;
  readonly seed: number;
  readonly maxSteps: number;
  readonly maxMemory: number;
  readonly algorithm?: string | undefined;
  readonly json: boolean;
  readonly reduction: string;
  readonly fingerprint: boolean;
  readonly listSnapshots: boolean;
}

/** What is wrong with the random-walk options of a command line, if anything. */
export function randomWalkOptionProblem(args: RandomWalkArgs): string | undefined {
  if (!(Number.isInteger(args.walks) && args.walks > 0)) return "--walks must be a positive integer";
  if (!(Number.isInteger(args.seed) && args.seed >= 0)) return "--seed must be a whole number, 0 or more";
  if (!(Number.isInteger(args.maxSteps) && args.maxSteps > 0)) return "--max-steps must be a positive integer";
  if (args.search !== "random") return undefined;
  // These shape an exhaustive search, which random walks are not.
  const exhaustiveOnly = [
    ...(args.reduction !== "none" ? ["--reduction"] : []),
    ...(args.fingerprint ? ["--fingerprint"] : []),
    ...(args.listSnapshots ? ["--list-snapshots"] : []),
  ];
  return exhaustiveOnly.length === 0 ? undefined : `${exhaustiveOnly.join(", ")} cannot be used with --search random (they shape an exhaustive search)`;
}

export function exploreByRandomWalks(modelScenario: ModelScenario, args: RandomWalkArgs, rules?: Named): void {
  let report: ReturnType<typeof checkByRandomWalks>;
  try {
    report = checkByRandomWalks(modelScenario, {
      walks: args.walks,
      seed: args.seed,
      maxSteps: args.maxSteps,
      ...(args.algorithm === undefined ? {} : { algorithm: args.algorithm }),
      ...(rules === undefined ? {} : { rules }),
      // Reading the memory in use costs about a millisecond: it is checked ten times a second, not after every walk.
      onProgress: watchingMemory(args.maxMemory, showWalkProgress(args.walks), progressEveryMs()),
      progressEveryMs: 100,
    });
  } finally {
    clearProgressLine();
  }
  process.stdout.write(args.json ? JSON.stringify(randomWalkJsonReport(report)) + "\n" : randomWalkTextReport(report, { color: wantsColor(process.stdout) }));
  writeAskedFiles(modelScenario.model, report, args);
  process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
}

const showWalkProgress =
  (walks: number) =>
  (progress: WalkProgress): void => {
    const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
    showProgressLine(
      `walking: ${progress.walks.toLocaleString("en-US")} of ${walks.toLocaleString("en-US")} walks, ${progress.steps.toLocaleString("en-US")} steps, ${progress.distinctStates.toLocaleString("en-US")} distinct states, ${memory} MB`,
    );
  };
