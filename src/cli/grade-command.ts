/** `snaplab grade [FOLDER...]`: grade submissions in the exercises' layout. */
import { existsSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { integerOption } from "./integer-option.js";
import { oneValue } from "./option-values.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { defaultLimits, gradeSubmission, type GradeOptions } from "../grade/grade.js";
import { gradescopeReport } from "../grade/report/gradescope-report.js";
import { jsonReport } from "../grade/report/json-report.js";
import { junitReport } from "../grade/report/junit-report.js";
import { textReport } from "../grade/report/text-report.js";
import type { SubmissionReport } from "../grade/result.js";
import { gradeInParallel } from "../classroom/parallel-grading.js";
import { scoresCsv, submissionName } from "../classroom/scores-csv.js";
import { regrader, watchFolders } from "../grade/watch.js";
import { checkOnly, onlyDefault, splitOnly } from "./exercise-numbers.js";
import { ExitCode } from "./exit-code.js";
import { checkFilesToWrite, resolvedPath, writeReportFile } from "./report-file.js";
import { jsonText } from "../files/json-text.js";
import { checkTemporaryFolder } from "../files/temporary-folder.js";
import { checkSeed, seedOption } from "./seed-option.js";
import { durationOption } from "./duration-option.js";
import { formatDuration } from "../render/duration.js";
import { checkSubmissionFolder, exercisesOf } from "./submission-folder.js";
import { formatOption } from "./format-option.js";

const formats = ["text", "json", "gradescope", "junit"] as const;

export interface GradeArgs {
  folders: string[];
  format: (typeof formats)[number];
  out?: string;
  only?: number[];
  watch: boolean;
  /** Milliseconds (duration-option.ts), as gradeTimeLimit. */
  timeLimit?: number;
  memoryLimit?: number;
  maxStates?: number;
  /** Milliseconds, as timeLimit. */
  gradeTimeLimit?: number;
  jobs: number;
  csv?: string;
  asData: boolean;
  seed?: number;
}

export const gradeCommand: CommandModule<object, GradeArgs> = {
  ...commandList.grade,
  builder: (yargs: Argv) =>
    yargs
      .positional("folders", {
        type: "string",
        array: true,
        default: ["exercises"],
        describe: "submission folders, each laid out like exercises/ or a repository holding exercises/",
      })
      .option("format", formatOption(formats, "text for people; json; gradescope (results.json); junit (XML)"))
      .option("out", { type: "string", ...oneValue("out"), describe: "write the report to this file instead of stdout" })
      .option("only", {
        type: "string",
        array: true,
        coerce: splitOnly,
        ...onlyDefault(),
        describe: "grade only these exercises: --only 1,3 (name folders before it)",
      })
      .option("watch", { type: "boolean", nargs: 0, default: false, describe: "grade again whenever a file under the folders changes" })
      // The four limits have no yargs default: a limit not given is left to the grader (defaultLimits), as a library user's is.
      .option("time-limit", {
        ...durationOption("time-limit", 1),
        defaultDescription: formatDuration(defaultLimits.timeLimitMs),
        describe: "how long a submission may take to answer one call, e.g. 500ms or 3s",
      })
      .option("memory-limit", {
        ...integerOption("memory-limit", { least: 1 }, "MB"),
        defaultDescription: defaultLimits.memoryLimitMb.toLocaleString("en-US"),
        describe: "megabytes of heap a submission may use",
      })
      .option("max-states", {
        ...integerOption("max-states", { least: 1 }),
        defaultDescription: defaultLimits.maxStates.toLocaleString("en-US"),
        describe: "states a check may explore",
      })
      .option("grade-time-limit", {
        // At least 1s, the least it took when it was a number of seconds.
        ...durationOption("grade-time-limit", 1000),
        defaultDescription: formatDuration(defaultLimits.gradeTimeLimitMs),
        describe: "how long the grade of one folder may take in all, e.g. 90s or 10min",
      })
      .option("jobs", {
        ...integerOption("jobs", { least: 1 }),
        default: 1,
        describe: "grade this many folders at once, each in a grader process of its own",
      })
      .option("csv", { type: "string", ...oneValue("csv"), describe: "also write the scores to this file as CSV, one row per folder, for a gradebook" })
      .option("seed", {
        ...seedOption,
        describe: "draw the generated scenarios and inputs from this seed instead of the kit's (to try an instructor's seed: classroom gradescope --seed)",
      })
      // How --jobs gets each folder's report from its grader process: the grader's own data, as JSON.
      .option("as-data", { type: "boolean", nargs: 0, default: false, hidden: true })
      .check((args) => {
        const problem = optionProblem(args);
        if (problem !== undefined) return problem;
        // These throw lines of their own, which already say what to give instead.
        if (args.only) checkOnly(args.only as (string | number)[]);
        checkSeed(args);
        return checkReportFiles(args as unknown as GradeArgs);
      }) as unknown as Argv<GradeArgs>,
  handler: async (args: ArgumentsCamelCase<GradeArgs>) => {
    for (const dir of args.folders) checkSubmissionFolder(dir);
    checkTemporaryFolder();
    const options = gradeOptions(args);
    const folders = args.folders.map(exercisesOf);
    const once = async () => {
      const reports: SubmissionReport[] = [];
      if (args.jobs > 1 && folders.length > 1) reports.push(...(await gradeInParallel(folders, options, args.jobs)));
      else for (const dir of folders) reports.push(await gradeSubmission(dir, options));
      if (args.asData) {
        process.stdout.write(JSON.stringify(reports[0]));
        return;
      }
      emit(args, reports);
      if (args.csv) writeReportFile(args.csv, scoresCsv(reports), "the scores");
      process.exitCode = reports.every((r) => r.points === r.maxPoints) ? ExitCode.AllHold : ExitCode.Violated;
    };
    await once();
    if (!args.watch) return;
    await new Promise<void>((stopped) => {
      const end = (line: string) => {
        process.stderr.write(`snaplab: ${line}; stopped watching\n`);
        process.exitCode = ExitCode.Unusable;
        grader.stop();
        stop();
        stopped();
      };
      const grader = regrader(async () => {
        // A folder removed (or moved away) ends the watch, saying so: its watcher is gone with it.
        const gone = folders.find((dir) => !existsSync(dir));
        if (gone !== undefined) return end(`${gone}: the folder is gone`);
        process.stderr.write("\nfiles changed; grading again\n");
        await once();
      });
      const stop = watchFolders(
        folders,
        () => grader.changed(),
        (dir, error) => end(`${dir}: ${error.message}`),
      );
      process.stderr.write("watching for changes (Ctrl-C to stop)\n");
    });
  },
};

/**
 * Refuses, before grading, a report file that could not be written, or that
 * would overwrite another: --out and --csv naming one file, or either naming a
 * file inside a folder being graded (a student's file, and a change --watch
 * would grade again).
 */
function checkReportFiles(args: Pick<GradeArgs, "folders" | "out" | "csv">): true {
  const files = [
    { flag: "--out", file: args.out, what: "the report" },
    { flag: "--csv", file: args.csv, what: "the scores" },
  ].filter((asked): asked is { flag: string; file: string; what: string } => asked.file !== undefined);
  checkFilesToWrite(files);
  for (const { flag, file, what } of files) {
    const graded = args.folders.find((dir) => isInside(resolvedPath(file), resolvedPath(dir)));
    if (graded !== undefined) {
      throw new SnaplabError(
        "CANNOT_WRITE",
        `${file}: cannot write ${what}, it is inside ${graded}, a folder being graded (${flag} names a file outside the folders graded)`,
      );
    }
  }
  return true;
}

/** Whether `path` is inside the folder `folder`, both resolved. */
function isInside(path: string, folder: string): boolean {
  const way = relative(folder, path);
  return way !== "" && way !== ".." && !way.startsWith(`..${sep}`) && !isAbsolute(way);
}

/**
 * What is wrong with the options together, if anything: returned to yargs'
 * check, it is said with a pointer to the help (usage-mistakes.ts).
 */
function optionProblem(args: Record<string, unknown>): string | undefined {
  const folders = args.folders as string[];
  if (args.format === "gradescope" && folders.length > 1) return "--format gradescope grades one folder at a time";
  if (args.asData && folders.length !== 1) return "--as-data grades one folder at a time";
  return args.csv ? sameNames(folders) : undefined;
}

/** Two folders of the same name, which --csv cannot tell apart: a CSV row is named by its folder's name. */
function sameNames(folders: readonly string[]): string | undefined {
  const seen = new Map<string, string>();
  for (const dir of folders) {
    const name = submissionName(dir);
    const before = seen.get(name);
    if (before !== undefined) return `--csv: ${before} and ${dir} are both named ${name}, and a row of the CSV is named by its folder's name`;
    seen.set(name, dir);
  }
  return undefined;
}

export function gradeOptions(args: Pick<GradeArgs, "only" | "timeLimit" | "memoryLimit" | "maxStates" | "gradeTimeLimit" | "seed">): GradeOptions {
  return {
    // Run in a learner's terminal: a place in their files is named as they open it from there.
    filesNamedByPath: true,
    ...(args.only ? { only: args.only } : {}),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    ...(args.timeLimit ? { timeLimitMs: args.timeLimit } : {}),
    ...(args.memoryLimit ? { memoryLimitMb: args.memoryLimit } : {}),
    ...(args.maxStates ? { maxStates: args.maxStates } : {}),
    ...(args.gradeTimeLimit ? { gradeTimeLimitMs: args.gradeTimeLimit } : {}),
  };
}

export function formatReports(format: GradeArgs["format"], reports: readonly SubmissionReport[]): string {
  switch (format) {
    case "text":
      return textReport(reports);
    case "json":
      return jsonText(jsonReport(reports));
    case "gradescope":
      return jsonText(gradescopeReport(reports[0]!));
    case "junit":
      return junitReport(reports);
  }
}

function emit(args: GradeArgs, reports: readonly SubmissionReport[]): void {
  const text = formatReports(args.format, reports);
  if (args.out) writeReportFile(args.out, text);
  else process.stdout.write(text);
}
