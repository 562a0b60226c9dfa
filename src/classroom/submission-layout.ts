/**
 * Where the exercises are in what a student uploaded. Gradescope puts the
 * upload in /autograder/submission as it was: the exercise folders at the
 * top (01-record-and-forward/, ...), or under an exercises/ folder, or a
 * whole repository (from GitHub, or a zip of one) with exercises/ inside.
 * Anything else is refused with a message saying what was found and what to
 * upload instead.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Exercise } from "../grade/exercises/exercise.js";
import { asData } from "../render/shown-as-data.js";

/** How deep below the upload's top the exercise folders may be: e.g. snaplab-main/exercises/01-.../ */
const maxDepth = 3;

export type Located = { readonly folder: string } | { readonly problem: string };

/**
 * The shallowest folder under `upload` holding one of `exercises`' folders, or why there is none.
 * An exercise's folders are its own and the one of the file it is graded on: exercise 2 is answered
 * in 01-record-and-forward/rules.ts, which is all an assignment of exercise 2 alone asks to upload.
 */
export function exercisesFolder(upload: string, exercises: readonly Exercise[]): Located {
  const slugs = new Set(exercises.flatMap((e) => [e.slug, e.file.split("/")[0]!]));
  let level = [upload];
  for (let depth = 0; depth <= maxDepth && level.length > 0; depth++) {
    const holding = level.filter((folder) => folderNames(folder).some((name) => slugs.has(name)));
    // Two candidates at the same depth (exercises/ and solutions/, or two copies): the one named exercises/, else the first.
    if (holding.length > 0) return { folder: holding.find((f) => f.endsWith("/exercises")) ?? holding.sort()[0]! };
    level = level.flatMap((folder) => folderNames(folder).map((name) => join(folder, name)));
  }
  return { problem: layoutProblem(upload, exercises) };
}

/** Folders (not symlinks) directly in `folder`, sorted; none if it cannot be read. */
function folderNames(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => !name.startsWith(".") && name !== "node_modules" && lstatSync(join(folder, name)).isDirectory())
      .sort();
  } catch {
    return [];
  }
}

/**
 * What was uploaded, and what to upload instead. The names are the
 * student's, shown as data (Gradescope shows the message as it is: a newline
 * in a name forged a line of the output, an escape drove a terminal).
 */
function layoutProblem(upload: string, exercises: readonly Exercise[]): string {
  let found: string[] = [];
  try {
    found = readdirSync(upload)
      .sort()
      .map((name) => asData(name, 60));
  } catch {}
  const files = new Set(exercises.map((e) => e.file.split("/").at(-1)!));
  const loose = found.filter((name) => files.has(name));
  // Named once each: exercises 1 and 2 are graded on the same file.
  const expected = [...new Set(exercises.map((e) => e.file))].join(", ");
  const what =
    found.length === 0
      ? "The submission is empty."
      : loose.length > 0
        ? `The submission has ${loose.join(", ")} at its top, outside the exercise folders.`
        : `No exercise folder was found in the submission (it has ${found.slice(0, 8).join(", ")}${found.length > 8 ? ", ..." : ""}).`;
  return `${what} Upload the exercise folders as they are in exercises/ (${expected}), or the exercises/ folder itself, or your whole repository.`;
}
