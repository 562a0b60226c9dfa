/**
 * The starter's check of snaplab's files: the files snaplab grades with (its
 * built command, bin/, api/, spec/, package.json and the lock npm installs
 * from) are those `snaplab classroom github` wrote, or the grade is refused.
 * A student's repository is the student's to change, and a grade run with a
 * changed grader is worth nothing. The starter holds the check as a script of
 * its own, built from kit-check-script.ts, with the files' sums written in and
 * Node's own modules alone, so that it needs no other file of the repository:
 * the workflow runs it before anything of snaplab or npm runs, and `npm test`
 * before it grades, so that what is refused in GitHub Classroom is refused on
 * the student's machine too, in the same words.
 */
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkoutSum } from "../files/checkout-sum.js";
import type { KitFile } from "./kit-files.js";

/** What of the starter is the kit's, checked: the folders whole, and single files. Everything else (exercises/, the READMEs, tsconfig.json, .github/) is not. */
const checkedFolders = ["api", "bin", "dist", "spec"];
const checkedFiles = ["package.json", "package-lock.json"];
/** A project's .npmrc would configure the npm that installs snaplab's packages: there is none in the starter, so one is "added". */
const npmConfig = ".npmrc";

/** Where the starter holds the check, run as `node <it>` from the repository's root. */
export const kitCheckPath = ".github/check-snaplab-files.mjs";

/** The message GitHub Classroom shows with the 0 points of a refused grade. */
export const refusedMessage =
  "snaplab's own files in this repository differ from the starter's, so it was not graded: the workflow's step \"Check snaplab's files\" names them. " +
  "Put them back as the starter had them (only exercises/ is yours to change) and push again.";

/** What the check is given, written into the script: each checked file's sum (checkoutSum) by its path, in the starter's order. */
export type KitSums = Readonly<Record<string, string>>;

export function kitSums(files: readonly KitFile[]): KitSums {
  return Object.fromEntries(files.filter(isChecked).map((file) => [file.path, checkoutSum(file.data)]));
}

const isChecked = (file: KitFile) => checkedFiles.includes(file.path) || checkedFolders.some((folder) => file.path.startsWith(`${folder}/`));

/**
 * What is wrong with snaplab's files in the repository at `root`, a line
 * each, none if nothing is: each file of `sums` changed, missing, or not a
 * plain file (a symlink, which npm and Node would follow), then each file
 * among the checked ones that `sums` does not name, added. Line endings are
 * taken as LF (checkoutSum), so a checkout on Windows is the starter.
 */
export function kitProblems(root: string, sums: KitSums): string[] {
  const problems: string[] = [];
  for (const [path, sum] of Object.entries(sums)) {
    const found = lstatSync(join(root, path), { throwIfNoEntry: false });
    if (!found) problems.push(`missing: ${path}`);
    else if (!found.isFile()) problems.push(`not a plain file: ${path}`);
    else if (checkoutSum(readFileSync(join(root, path))) !== sum) problems.push(`changed: ${path}`);
  }
  for (const path of [...checkedFolders, ...checkedFiles, npmConfig].flatMap((entry) => entriesAt(root, entry)).sort()) {
    if (Object.hasOwn(sums, path)) continue;
    problems.push(lstatSync(join(root, path)).isFile() ? `added: ${path}` : `not a plain file: ${path}`);
  }
  return problems;
}

/** The paths at or below `entry` that are not folders, a symlink to a folder among them: nothing is followed. */
function entriesAt(root: string, entry: string): string[] {
  const found = lstatSync(join(root, entry), { throwIfNoEntry: false });
  if (!found?.isDirectory()) return found ? [entry] : [];
  return readdirSync(join(root, entry)).flatMap((name) => entriesAt(root, `${entry}/${name}`));
}
