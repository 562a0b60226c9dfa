/** `snaplab list [FOLDER]`: every exercise, where it lives, and how far the folder has got (as rustlings lists). */
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { fileProblem, gradeSubmission } from "../grade/grade.js";
import { findExercise } from "../grade/exercises/catalogue.js";
import type { ExerciseResult } from "../grade/result.js";
import { checkSubmissionFolder, exercisesOf } from "./submission-folder.js";
import { checkTemporaryFolder } from "../files/temporary-folder.js";
import { checkOnly, onlyDefault, splitOnly } from "./exercise-numbers.js";

interface ListArgs {
  folder: string;
  only?: number[];
}

export const listCommand: CommandModule<object, ListArgs> = {
  ...commandList.list,
  builder: (yargs: Argv) =>
    yargs
      .positional("folder", { type: "string", default: "exercises", describe: "a folder laid out like exercises/, or a repository holding exercises/" })
      .option("only", {
        type: "string",
        array: true,
        coerce: splitOnly,
        ...onlyDefault(),
        describe: "list only these exercises: --only 1,3 (an assignment's, as grade --only grades them)",
      })
      .check((args) => {
        if (args.only) checkOnly(args.only as (string | number)[]);
        return true;
      }) as unknown as Argv<ListArgs>,
  handler: async (args: ArgumentsCamelCase<ListArgs>) => {
    checkSubmissionFolder(args.folder);
    checkTemporaryFolder();
    const dir = exercisesOf(args.folder);
    const report = await gradeSubmission(dir, args.only ? { only: args.only } : {});
    process.stdout.write(listText(dir, report.exercises));
  },
};

export function listText(dir: string, exercises: readonly ExerciseResult[]): string {
  const rows = exercises.map((e) => [String(e.number), e.title, e.file, `${e.points}/${e.maxPoints}`, status(dir, e)]);
  const header = ["#", "exercise", "file", "points", "status"];
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((r) => r[col]!.length)));
  const format = (row: string[]) =>
    row
      .map((cell, col) => cell.padEnd(widths[col]!))
      .join("  ")
      .trimEnd();
  return [format(header), ...rows.map(format), "", "snaplab hint N prints an exercise's hint; snaplab grade grades them.", ""].join("\n");
}

function status(dir: string, e: ExerciseResult): string {
  if (e.passed) return "done";
  if (e.points > 0) return "in progress";
  const file = join(dir, e.file);
  // Not there at all is not failing: it has not been started (or sits in another folder).
  if (!lstatSync(file, { throwIfNoEntry: false })) return "no file";
  // Read only a file the grader would take: a folder, a FIFO (reading one waits for a writer), a huge file or a
  // symbolic link that leads nowhere is failing as it is.
  if (fileProblem(findExercise(e.number), file)) return "failing";
  return readFileSync(file, "utf8").includes("TODO") ? "to do" : "failing";
}
