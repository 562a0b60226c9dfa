/**
 * The file a report is written to (`--out`; a picture, log or trace too). Its
 * folder is checked before any work starts, so a typo costs nothing; the
 * report is written to a temporary file beside it and renamed into place, so
 * a reader (a CI job, Gradescope) sees the old report or the whole new one,
 * never half of one.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";

/**
 * Throws a SnaplabError unless `file` can be created or replaced: its folder
 * exists, and it is not a folder itself. `flag` gave it; `what` is written there.
 */
export function checkReportFile(file: string, flag = "--out", what = "the report"): void {
  const folder = dirname(file);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new SnaplabError("CANNOT_WRITE", `${file}: cannot write ${what}, there is no folder ${folder}`);
  }
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new SnaplabError("CANNOT_WRITE", `${file}: cannot write ${what}, it is a folder (${flag} names a file)`);
  }
}

/** Writes `text` (or bytes) to `file` all at once: to a new temporary file in the same folder, then renamed over `file`. */
export function writeReportFile(file: string, text: string | Uint8Array, what = "the report"): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    // "wx": a new file of our own, never one someone left (or linked) there.
    const fd = openSync(temporary, "wx", 0o644);
    try {
      if (typeof text === "string") writeSync(fd, text);
      else writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new SnaplabError("CANNOT_WRITE", `${file}: cannot write ${what} (${(error as Error).message})`);
  }
}
