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

const help = "see npm run bench -- --help";
const onlyValues = someValues("only");

/** What `argv` (the words after `npm run bench --`) asks for; throws a BenchMistake for a mistake, and prints the help for --help. */
export function benchArguments(argv: readonly string[]): BenchArguments {
  const parsed = yargs([...argv])
    .scriptName("npm run bench --")
    .usage("$0 [--quick] [--runs N] [--only NAME,...]")
    .updateStrings(yargsWords)
    .parserConfiguration({ "boolean-negation": false, "parse-numbers": false })
    .option("quick", { type: "boolean", nargs: 0, default: false, describe: "one run of each command, the slow tables left out: prints, writes nothing" })
    .option("runs", {
      ...integerOption("runs", { least: 1 }),
      defaultDescription: "3, or 1 with --quick",
      describe: "how many runs each figure is the best of",
    })
    .option("only", {
      type: "string",
      array: true,
      requiresArg: true,
      choices: benchTables,
      // `--only grading,grading-bound` as `--only grading --only grading-bound`: yargs checks each name against the choices.
      coerce: (names: string[]) => onlyValues.coerce(names.flatMap((name) => name.split(","))),
      describe: "make only the tables of these names (their markers' in docs/performance.md) and write only them",
    })
    .strict()
    .version(false)
    .help()
    .fail((message, error) => {
      // As snaplab's (usage-mistakes.ts): what a coerce threw stands as written; yargs' own words, in one line, point to the help.
      if (error) throw new BenchMistake(error.message);
      const said = (message ?? "").split("\n").map((line) => line.trim());
      throw new BenchMistake(`${said.join(" ")} (${help})`);
    })
    .parseSync();
  return {
    quick: parsed.quick,
    runs: parsed.runs ?? (parsed.quick ? 1 : 3),
    ...(parsed.only === undefined ? {} : { only: parsed.only as BenchTable[] }),
  };
}
