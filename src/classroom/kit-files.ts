/**
 * The kit as an instructor hands it out, read from the checkout snaplab runs
 * from: the sources the Gradescope autograder builds and grades with, in the
 * instructor's container, and the files a learner's starter holds as they are
 * (github-starter.ts, which adds snaplab built). solutions/ is never part of
 * it, nor are the kit's own tests (some of them hold working rules) and
 * benchmarks.
 */
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../package/package-root.js";

/** One file to write: its path (with /), its bytes, and whether it is a program to run. */
export interface KitFile {
  readonly path: string;
  readonly data: Uint8Array;
  readonly executable?: boolean;
}

/** What of the checkout goes into the Gradescope autograder: files and folders. `npm ci` there builds dist/ with scripts/build.mjs. */
const kitEntries = ["package.json", "package-lock.json", "tsconfig.json", "bin", "scripts/build.mjs", "api", "src", "spec", "exercises"];

/** The kit's files under `prefix` ("" or e.g. "snaplab/"), in a fixed order. */
export function kitFiles(prefix = ""): KitFile[] {
  return checkoutFiles(kitEntries, prefix);
}

/** The files at or below `entries` (files and folders of the checkout), under `prefix`, in a fixed order. */
export function checkoutFiles(entries: readonly string[], prefix = ""): KitFile[] {
  const root = packageRoot();
  return entries
    .flatMap((entry) => filesUnder(root, entry))
    .map((path) => ({
      path: prefix + path,
      data: readFileSync(join(root, path)),
      ...(path.startsWith("bin/") ? { executable: true } : {}),
    }));
}

/** Regular files at or below `entry` (symlinks skipped), relative to `root`, sorted. */
function filesUnder(root: string, entry: string): string[] {
  const stats = lstatSync(join(root, entry), { throwIfNoEntry: false });
  if (stats?.isFile()) return [entry];
  if (!stats?.isDirectory()) return [];
  return readdirSync(join(root, entry))
    .filter((name) => name !== "node_modules")
    .sort()
    .flatMap((name) => filesUnder(root, `${entry}/${name}`));
}

export const textFile = (path: string, text: string, executable = false): KitFile => ({
  path,
  data: new TextEncoder().encode(text),
  ...(executable ? { executable } : {}),
});
