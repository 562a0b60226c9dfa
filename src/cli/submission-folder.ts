/**
 * The folder a learner's work is in, as grade, list and hint are given it:
 * `exercises` by default, which is where snaplab is run from the
 * repository's root. A learner who runs it from inside exercises/ is told
 * where to run it from, not only that the folder is not there.
 */
import { lstatSync, type Stats, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { exercises } from "../grade/exercises/catalogue.js";

/** Refuses a folder that does not exist, or is a file, before any grading, with the same line for grade and list. */
export function checkSubmissionFolder(dir: string): void {
  const refuse = (why: string) => new SnaplabError("NO_SUBMISSION", `${dir}: ${why} (name a folder laid out like exercises/)`);
  let stats: Stats | undefined;
  try {
    stats = statSync(dir, { throwIfNoEntry: false });
  } catch (error) {
    // A path through a file (`grade scores.csv/x`) leads nowhere; anything else, a folder it may not look in, is said as it is.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTDIR") throw refuse(`cannot look at it (${code ?? (error as Error).message})`);
  }
  if (stats === undefined) throw missingFolder(dir) ?? refuse("no such folder");
  if (!stats.isDirectory()) throw refuse("not a folder");
}

/**
 * Where `dir`, a relative folder not found here, is found from a folder
 * above the working one: the line saying to run snaplab from there;
 * undefined if none above holds it.
 */
export function missingFolder(dir: string): SnaplabError | undefined {
  if (isAbsolute(dir)) return undefined;
  const here = process.cwd();
  for (let above = dirname(here), below = here; above !== below; below = above, above = dirname(above)) {
    if (!statSync(join(above, dir), { throwIfNoEntry: false })?.isDirectory()) continue;
    const root = relative(here, above);
    return new SnaplabError("NO_SUBMISSION", `${dir}: no such folder here: run snaplab from ${root}, which holds it (cd ${root})`);
  }
  return undefined;
}

/**
 * The folder to grade for `dir`: its exercises/ folder where `dir` is a
 * repository (a student's clone from GitHub Classroom, or snaplab's own),
 * holding exercises/ and no exercise folder of its own; else `dir` itself.
 * Only real folders count, as in a Gradescope upload: a student's link
 * named exercises/ could lead to any folder of the grading machine.
 */
export function exercisesOf(dir: string): string {
  const isFolder = (path: string) => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  if (exercises.some((exercise) => isFolder(join(dir, exercise.slug)))) return dir;
  return isFolder(join(dir, "exercises")) ? join(dir, "exercises") : dir;
}
