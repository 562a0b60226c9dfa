/** `snaplab replay <trace.json>`: re-run a saved counterexample and say whether it still fails. */
import { createInterface } from "node:readline";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { oneValue } from "./option-values.js";
import { replayHeader, replayStepLines, replayVerdict } from "../trace/replay-report.js";
import { loadTrace } from "../trace/read-trace-file.js";
import { replayTrace } from "../trace/replay.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { takesRulesFile } from "../grade/learner-rules.js";
import { withRulesFile } from "../grade/rules-file.js";
import { models, type ModelRegistry } from "../models/registry.js";
import { ExitCode } from "./exit-code.js";
import { wantsColor } from "./wants-color.js";

interface ReplayArgs {
  trace: string;
  step: boolean;
  rules?: string;
}

/** The command, for the models of `registry` (a test may add its own). */
export const replayCommand = (registry: ModelRegistry = models): CommandModule<object, ReplayArgs> => ({
  ...commandList.replay,
  builder: (yargs: Argv) =>
    yargs
      .positional("trace", { type: "string", demandOption: true, describe: "trace file (JSON, from snaplab explore --save-trace)" })
      .option("step", { type: "boolean", nargs: 0, default: false, describe: "wait for Enter before each step" })
      .option("rules", {
        type: "string",
        ...oneValue("rules"),
        describe: "replay with the snapshot rules this file exports as `rules` (a learner's, fixed or not), in the grader's sandbox",
      }) as unknown as Argv<ReplayArgs>,
  handler: async (args: ArgumentsCamelCase<ReplayArgs>) => {
    // Replay in full first, so a bad trace is one error line before anything is printed.
    const trace = loadTrace(args.trace, registry);
    const { rules: file } = args;
    if (file !== undefined && !takesRulesFile(trace.model)) {
      throw new SnaplabError("USAGE", `--rules applies to bank traces only (${args.trace} is a ${trace.model.name} trace)`);
    }
    // A learner's rules run in the grader's sandbox, as when graded; the replay asks them everything before it is shown.
    const replay = file === undefined ? replayTrace(trace) : await withRulesFile(file, trace.scenario, (rules) => replayTrace(trace, rules));
    const print = (lines: string[]) => process.stdout.write(lines.map((line) => `${line}\n`).join(""));
    const enter = args.step ? lineWaiter(process.stdin) : undefined;
    print(replayHeader(replay));
    for (let i = 1; i <= replay.path.actions.length; i++) {
      if (enter) {
        process.stderr.write(`(Enter for step ${i})`);
        await enter.next();
      }
      print(replayStepLines(replay, i));
    }
    enter?.close();
    print(replayVerdict(replay, { color: wantsColor(process.stdout) }));
    process.exitCode = replay.violations.length > 0 ? ExitCode.Violated : ExitCode.AllHold;
  },
});

/** `next()` resolves once per line read from `input`; once it has ended, at once. */
export function lineWaiter(input: NodeJS.ReadableStream): { next: () => Promise<void>; close: () => void } {
  const lines = createInterface({ input, terminal: false });
  const waiting: (() => void)[] = [];
  let typed = 0;
  let ended = false;
  lines.on("line", () => (waiting.length > 0 ? waiting.shift()!() : typed++));
  lines.on("close", () => {
    ended = true;
    waiting.splice(0).forEach((resolve) => resolve());
  });
  return {
    next: () =>
      new Promise<void>((resolve) => {
        if (typed > 0) {
          typed--;
          resolve();
        } else if (ended) resolve();
        else waiting.push(resolve);
      }),
    close: () => lines.close(),
  };
}
