/**
 * `snaplab classroom ...`: what an instructor uploads or hands out.
 * - gradescope: the autograder zip for Gradescope;
 * - github: a starter repository for GitHub Classroom;
 * - autograde: what the zip's run_autograder runs for each submission;
 * - points: a `grade --format json` report as GitHub Classroom's autograding reads it.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { oneValue } from "./option-values.js";
import { autograde, autograderRoot } from "../classroom/autograde.js";
import { noReportResult, outputLine, runnerResult } from "../classroom/classroom-points.js";
import { autograderZip } from "../classroom/gradescope-autograder.js";
import { chosenExercises, maxPoints } from "../grade/exercises/catalogue.js";
import { starterFiles } from "../classroom/github-starter.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { checkNewFolder, writeNewFolder } from "../files/new-folder.js";
import { packageRoot } from "../package/package-root.js";
import { checkOnly, splitOnly } from "./exercise-numbers.js";
import { checkReportFile, writeReportFile } from "./report-file.js";
import { checkSeed, seedOption } from "./seed-option.js";
import { refusingMistakes } from "./usage-mistakes.js";

interface ClassroomArgs {
  out?: string;
  only?: number[];
  hideUntilDue?: boolean;
  root?: string;
  report?: string;
  seed?: number;
}

const onlyOption = {
  type: "string",
  array: true,
  coerce: splitOnly,
  describe: "grade only these exercises: --only 1,3",
} as const;

const hideOption = {
  type: "boolean",
  nargs: 0,
  default: false,
  describe: "show the checks on generated scenarios and inputs (and what they failed on) only after the due date",
} as const;

const instructorSeed = {
  ...seedOption,
  describe:
    "draw the generated scenarios and inputs from this seed, not the kit's: learners cannot see them, and what a check failed on is shown after the due date",
} as const;

const checkedOnly = (args: { only?: unknown; seed?: unknown }) => {
  if (args.only) checkOnly(args.only as (string | number)[]);
  return checkSeed(args);
};

const gradescope: CommandModule<object, ClassroomArgs> = {
  command: "gradescope",
  describe: "Write the autograder zip to upload to Gradescope (setup.sh, run_autograder, the kit without solutions/)",
  builder: (yargs: Argv) =>
    yargs
      .option("out", { type: "string", ...oneValue("out"), default: "autograder.zip", describe: "the zip to write" })
      .option("only", onlyOption)
      .option("hide-until-due", hideOption)
      .option("seed", instructorSeed)
      .check(checkedOnly) as unknown as Argv<ClassroomArgs>,
  handler: (args: ArgumentsCamelCase<ClassroomArgs>) => {
    const out = args.out!;
    checkReportFile(out, "--out", "the zip");
    const zip = autograderZip({
      ...(args.only ? { only: args.only } : {}),
      hideUntilDue: args.hideUntilDue ?? false,
      ...(args.seed === undefined ? {} : { seed: args.seed }),
    });
    writeReportFile(out, zip, "the zip");
    // Gradescope asks for the assignment's autograder points, and shows scores out of what is entered there.
    const points = chosenExercises(args.only).reduce((sum, exercise) => sum + maxPoints(exercise), 0);
    process.stderr.write(
      `wrote ${out} (${Math.round(zip.length / 1024)} KB): upload it as the assignment's autograder on Gradescope, worth ${points} autograder points\n`,
    );
  },
};

const github: CommandModule<object, ClassroomArgs> = {
  command: "github",
  describe: "Write a starter repository for GitHub Classroom (the exercises, a README for students, a grading workflow)",
  builder: (yargs: Argv) =>
    yargs
      .option("out", { type: "string", ...oneValue("out"), default: "snaplab-starter", describe: "the folder to write (new, or empty)" })
      .option("only", onlyOption)
      .check(checkedOnly) as unknown as Argv<ClassroomArgs>,
  handler: async (args: ArgumentsCamelCase<ClassroomArgs>) => {
    const out = args.out!;
    const asked = { folder: out, option: "--out", what: "the starter repository" };
    // Before the build, which takes a while.
    checkNewFolder(asked);
    const files = await starterFiles(args.only);
    writeNewFolder(asked, files);
    process.stderr.write(`wrote ${out}/ (${files.length} files): push it to GitHub and make it the assignment's template repository\n`);
  },
};

const autogradeCommand: CommandModule<object, ClassroomArgs> = {
  command: "autograde",
  describe: "Grade ROOT/submission as Gradescope's run_autograder does, writing ROOT/results/results.json (ROOT: --root)",
  builder: (yargs: Argv) =>
    yargs
      .option("root", {
        type: "string",
        ...oneValue("root"),
        defaultDescription: "$SNAPLAB_AUTOGRADER_ROOT, else /autograder",
        describe: "the autograder's root",
      })
      .option("only", onlyOption)
      .option("hide-until-due", hideOption)
      .option("seed", instructorSeed)
      .check(checkedOnly) as unknown as Argv<ClassroomArgs>,
  handler: async (args: ArgumentsCamelCase<ClassroomArgs>) => {
    const root = args.root ?? autograderRoot();
    // Gradescope puts every upload there, however empty: without it this is not an autograder, and results/ would be made for nothing.
    if (!statSync(join(root, "submission"), { throwIfNoEntry: false })?.isDirectory()) {
      throw new SnaplabError(
        "USAGE",
        `${root}: there is no submission folder here (classroom autograde runs in Gradescope's autograder, which puts the upload in /autograder/submission; elsewhere, give --root)`,
      );
    }
    const said = await autograde(
      root,
      {
        ...(args.only ? { only: args.only } : {}),
        ...(args.seed === undefined ? {} : { seed: args.seed }),
        hideUntilDue: args.hideUntilDue ?? false,
        hintsFolder: join(packageRoot(), "exercises"),
      },
      writeReportFile,
    );
    process.stdout.write(`${said}\n`);
  },
};

const points: CommandModule<object, ClassroomArgs> = {
  command: "points <report>",
  describe: "Print a `grade --format json` report as GitHub Classroom's autograding reads it (result=<base64>)",
  builder: (yargs: Argv) =>
    yargs
      .positional("report", { type: "string", demandOption: true, describe: "the report snaplab grade --format json wrote" })
      .option("only", onlyOption)
      .check(checkedOnly) as unknown as Argv<ClassroomArgs>,
  handler: (args: ArgumentsCamelCase<ClassroomArgs>) => {
    let text: string | undefined;
    try {
      text = readFileSync(args.report!, "utf8");
    } catch {}
    // No report: grading itself did not finish. Still a result, with the points at stake and none given.
    const result =
      text === undefined
        ? noReportResult(`snaplab grade wrote no report (${args.report}): see the step's log`, args.only)
        : runnerResult(parsed(args.report!, text));
    process.stdout.write(outputLine(result));
  },
};

function parsed(file: string, text: string): Parameters<typeof runnerResult>[0] {
  try {
    const report = JSON.parse(text);
    if (Array.isArray(report?.exercises) && Array.isArray(report?.failures)) return report;
  } catch {}
  throw new SnaplabError("BAD_REPORT", `${file}: not a report of snaplab grade --format json for one folder`);
}

export const classroomCommand: CommandModule<object, object> = {
  ...commandList.classroom,
  builder: (yargs: Argv) =>
    yargs
      .command(refusingMistakes(gradescope, "classroom ") as never)
      .command(refusingMistakes(github, "classroom ") as never)
      .command(refusingMistakes(autogradeCommand, "classroom ") as never)
      .command(refusingMistakes(points, "classroom ") as never)
      .demandCommand(1, "name one: snaplab classroom gradescope, github, autograde or points"),
  handler: () => {},
};
