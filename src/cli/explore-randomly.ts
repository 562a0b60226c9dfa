/** `snaplab explore --search random`: random walks through a scenario of any model, for systems beyond exhaustive reach. */
import type { ModelScenario, Named } from "../check/model-descriptor.js";
import { checkByRandomWalks } from "../check/random-walks.js";
import { watchingMemory } from "../explore/memory-limit.js";
import { jsonText } from "../files/json-text.js";
import type { WalkProgress } from "../explore/simulate.js";
import { randomWalkJsonReport, randomWalkTextReport } from "../render/random-walk-report.js";
import { writeAskedFiles, type CounterexampleFiles, type FilesRead } from "./counterexample-files.js";
import { ExitCode } from "./exit-code.js";
import type { TextOrJson } from "./format-option.js";
import { clearProgressLine, progressEveryMs, showProgressLine } from "./progress-line.js";
import { wantsColor } from "./wants-color.js";

/** What `--walks`, `--seed` and `--max-steps` are when not given. */
export const DEFAULT_WALKS = 1000;
export const DEFAULT_SEED = 1;
export const DEFAULT_MAX_STEPS = 10_000;

export interface RandomWalkArgs extends CounterexampleFiles, FilesRead {
  readonly search: string;
  readonly walks?: number | undefined;
  readonly seed?: number | undefined;
  readonly maxSteps?: number | undefined;
  readonly maxMemory: number;
  readonly algorithm?: string | undefined;
  readonly format: TextOrJson;
  readonly reduction: string;
  readonly fingerprint: boolean;
  readonly listSnapshots: boolean;
}

/** What is wrong with the random-walk options of a command line, if anything. */
export function randomWalkOptionProblem(args: RandomWalkArgs): string | undefined {
  if (args.search !== "random") {
    // These shape random walks: given to an exhaustive search, they would be ignored without a word.
    const walksOnly = [
      ...(args.walks !== undefined ? ["--walks"] : []),
      ...(args.seed !== undefined ? ["--seed"] : []),
      ...(args.maxSteps !== undefined ? ["--max-steps"] : []),
    ];
    return walksOnly.length === 0 ? undefined : `${walksOnly.join(", ")} can only be used with --search random (they shape random walks)`;
  }
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
  const walks = args.walks ?? DEFAULT_WALKS;
  try {
    report = checkByRandomWalks(modelScenario, {
      walks,
      seed: args.seed ?? DEFAULT_SEED,
      maxSteps: args.maxSteps ?? DEFAULT_MAX_STEPS,
      ...(args.algorithm === undefined ? {} : { algorithm: args.algorithm }),
      ...(rules === undefined ? {} : { rules }),
      // Reading the memory in use is not free: it is checked ten times a second, not after every walk.
      onProgress: watchingMemory(args.maxMemory, showWalkProgress(walks), progressEveryMs()),
      progressEveryMs: 100,
    });
  } finally {
    clearProgressLine();
  }
  process.stdout.write(args.format === "json" ? jsonText(randomWalkJsonReport(report)) : randomWalkTextReport(report, { color: wantsColor(process.stdout) }));
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
