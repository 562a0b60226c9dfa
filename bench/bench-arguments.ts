/**
 * The command line of `npm run bench -- [--quick] [--runs N] [--only NAME,...]`,
 * read by yargs as snaplab's own is: strict, the tables by name, a count
 * as integer-option.ts reads one, and a mistake said in one line (a
 * BenchMistake, which bench/run.ts prints before exiting 2).
 */
import yargs from "yargs";
import { integerOption } from "../src/cli/integer-option.js";
import { someValues } from "../src/cli/option-values.js";
import { yargsWords } from "../src/cli/yargs-words.js";

/** The tables bench/run.ts makes, by the name of their markers in docs/performance.md, in the order it makes them. */
export const benchTables = ["scenarios", "modes", "spin", "scaling", "learner-rules", "learner-commands", "grading", "grading-bound", "browser"] as const;

export type BenchTable = (typeof benchTables)[number];

export interface BenchArguments {
  /** One run of each command, and none of the runs that take minutes: it only prints (docs/performance.md). */
  quick: boolean;
  /** How many runs each figure is the best of. */
  runs: number;
  /** Those tables alone, if given. */
  only?: BenchTable[];
}

/** A mistake on the bench's command line, in one line. */
export class BenchMistake extends Error {
  override name = "BenchMistake";
}

const onlyValues = someValues("only");

/** The options both benches take, `--quick` and `--runs` (`runs` by default, 1 with --quick), read as snaplab reads its own. */
function benchYargs(argv: readonly string[], script: string, usage: string, runs: number) {
  const help = `see ${script} --help`;
  return yargs([...argv])
    .scriptName(script)
    .usage(usage)
    .updateStrings(yargsWords)
    .parserConfiguration({ "boolean-negation": false, "parse-numbers": false })
    .option("quick", { type: "boolean", nargs: 0, default: false, describe: "one run of each command, the slow tables left out: prints, writes nothing" })
    .option("runs", {
      ...integerOption("runs", { least: 1 }),
      defaultDescription: `${runs}, or 1 with --quick`,
      describe: "how many runs each figure is the best of",
    })
    .strict()
    .version(false)
    .help()
    .fail((message, error) => {
      // As snaplab's (usage-mistakes.ts): what a coerce threw stands as written; yargs' own words, in one line, point to the help.
      if (error) throw new BenchMistake(error.message);
      const said = (message ?? "").split("\n").map((line) => line.trim());
      throw new BenchMistake(`${said.join(" ")} (${help})`);
    });
}

/** What `argv` (the words after `npm run bench --`) asks for; throws a BenchMistake for a mistake, and prints the help for --help. */
export function benchArguments(argv: readonly string[]): BenchArguments {
  const parsed = benchYargs(argv, "npm run bench --", "$0 [--quick] [--runs N] [--only NAME,...]", 3)
    .option("only", {
      type: "string",
      array: true,
      requiresArg: true,
      choices: benchTables,
      // `--only grading,grading-bound` as `--only grading --only grading-bound`: yargs checks each name against the choices.
      coerce: (names: string[]) => onlyValues.coerce(names.flatMap((name) => name.split(","))),
      describe: "make only the tables of these names (their markers' in docs/performance.md) and write only them",
    })
    .parseSync();
  return {
    quick: parsed.quick,
    runs: parsed.runs ?? (parsed.quick ? 1 : 3),
    ...(parsed.only === undefined ? {} : { only: parsed.only as BenchTable[] }),
  };
}

/** What `argv` (the words after `npm run bench:live --`) asks for, as benchArguments reads the bench's. */
export function liveBenchArguments(argv: readonly string[]): Omit<BenchArguments, "only"> {
  const parsed = benchYargs(argv, "npm run bench:live --", "$0 [--quick] [--runs N]", 5).parseSync();
  return { quick: parsed.quick, runs: parsed.runs ?? (parsed.quick ? 1 : 5) };
}

/** `read`'s arguments; a mistake is said in one line, exit 2, before anything runs. */
export function commandLine<Arguments>(read: (argv: readonly string[]) => Arguments): Arguments {
  try {
    return read(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BenchMistake)) throw error;
    console.error(`bench: ${error.message}`);
    process.exit(2);
  }
}
