/** `snaplab hint N [FOLDER]`: print an exercise's hint (kept apart from its README so it is not read by accident). */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { exercisesOf, missingFolder } from "./submission-folder.js";
import { findExercise } from "../grade/exercises/catalogue.js";
import { exerciseNumber } from "./exercise-numbers.js";

interface HintArgs {
  number: string;
  folder?: string;
}

export const hintCommand: CommandModule<object, HintArgs> = {
  ...commandList.hint,
  // [folder] is known to yargs from the command's usage alone, not declared with .positional() as list's is: yargs takes a
  // declared positional as an option too (`--folder x`), and hint's folder is named after the number alone (its old --dir is
  // refused, replaced-options.ts).
  // The folder's default is told by the examples, as a declared positional's would be by its [default: ...].
  builder: (yargs: Argv) =>
    yargs
      .positional("number", { type: "string", demandOption: true, describe: "the exercise's number" })
      .example("snaplab hint 1", "exercise 1's hint, from exercises/")
      .example("snaplab hint 1 FOLDER", "from FOLDER, a folder laid out like exercises/ or a repository holding one") as unknown as Argv<HintArgs>,
  handler: (args: ArgumentsCamelCase<HintArgs>) => {
    process.stdout.write(hintText(exercisesOf(args.folder ?? "exercises"), exerciseNumber(args.number, "hint")));
  },
};

export function hintText(dir: string, number: number): string {
  const exercise = findExercise(number);
  const file = join(dir, exercise.slug, "HINT.md");
  if (existsSync(file)) return readFileSync(file, "utf8");
  // Run from inside exercises/: where to run snaplab from says more than a file missing.
  throw (!existsSync(dir) && missingFolder(dir)) || new SnaplabError("NO_HINT", `${file}: no such file (is ${dir} the exercises folder?)`);
}
