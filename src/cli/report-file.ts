/**
 * The file a report is written to (`--out`; a picture, log or trace too). It
 * is checked before any work starts, so a typo costs nothing: its folder
 * exists and can be written in, and the file is new or a regular file that
 * can be replaced. The report is written to a temporary file beside it and
 * renamed into place, so a reader (a CI job, Gradescope) sees the old report
 * or the whole new one, never half of one.
 */
import { accessSync, closeSync, constants, fsyncSync, lstatSync, openSync, realpathSync, renameSync, rmSync, type Stats, statSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";

/**
 * Throws a SnaplabError unless `file` can be created or replaced: its folder
 * exists and can be written in, and `file` is not there yet or is a regular
 * file that can be written. `flag` gave it; `what` is written there.
 */
export function checkReportFile(file: string, flag = "--out", what = "the report"): void {
  const cannot = (why: string) => new SnaplabError("CANNOT_WRITE", `${file}: cannot write ${what}, ${why}`);
  const folder = dirname(file);
  // Followed: a link to a folder is a folder to write in.
  if (!lookAt(folder, "stat", cannot)?.isDirectory()) throw cannot(`there is no folder ${folder}`);
  // Not followed: renaming over a link replaces the link, and its target is never written.
  const stats = lookAt(file, "lstat", cannot);
  if (stats?.isDirectory()) throw cannot(`it is a folder (${flag} names a file)`);
  const kind = notRegular(stats);
  if (kind) throw cannot(`it is ${kind} (${flag} names a regular file or a new one)`);
  if (!mayAccess(folder, constants.W_OK | constants.X_OK)) throw cannot(`no permission to write in the folder ${folder} (${flag} needs one you can write in)`);
  if (stats && !mayAccess(file, constants.W_OK)) throw cannot(`no permission to replace it (${flag} needs a file you can write)`);
}

/** A file a command is asked to write: the option that names it, and what it holds ("the trace"). */
export interface AskedFile {
  readonly flag: string;
  readonly file: string;
  readonly what: string;
}

/**
 * Throws a SnaplabError unless every file to write can be written
 * (checkReportFile), and none is one the command reads (`read`: each file
 * and what it is, "the scenario") or is named by two options: the later
 * write would replace the input, or the earlier output, without a word.
 */
export function checkFilesToWrite(written: readonly AskedFile[], read: readonly { file: string; what: string }[] = []): void {
  for (const { file, flag, what } of written) checkReportFile(file, flag, what);
  const earlier = new Map<string, AskedFile>();
  for (const asked of written) {
    const path = resolvedPath(asked.file);
    const input = read.find((r) => resolvedPath(r.file) === path);
    if (input) throw new SnaplabError("CANNOT_WRITE", `${asked.file}: cannot write ${asked.what}, it is ${input.what} read (${asked.flag} names another file)`);
    const same = earlier.get(path);
    if (same)
      throw new SnaplabError(
        "CANNOT_WRITE",
        `${asked.file}: cannot write ${asked.what}, ${same.flag} ${same.file} and ${asked.flag} name the same file (give each a file of its own)`,
      );
    earlier.set(path, asked);
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
    // Looked at again: something other than a regular file may have been put there since the check, and a rename would replace it.
    const kind = notRegular(lstatSync(file, { throwIfNoEntry: false }));
    if (kind) throw new Error(`it is ${kind}`);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new SnaplabError("CANNOT_WRITE", `${file}: cannot write ${what} (${(error as Error).message})`);
  }
}

/** `path` made absolute, with the links of the part of it that exists resolved: two spellings of one place give the same path. */
export function resolvedPath(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(resolvedPath(parent), basename(absolute));
  }
}

/** What is at `path` (undefined: nothing); a path through a file is nothing too, and one that cannot be looked at is refused with its error's code. */
function lookAt(path: string, how: "stat" | "lstat", cannot: (why: string) => SnaplabError): Stats | undefined {
  try {
    return how === "stat" ? statSync(path, { throwIfNoEntry: false }) : lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR") return undefined;
    if (code === "EACCES") throw cannot(`no permission to look in the folder ${dirname(path)}`);
    throw cannot(`cannot look at ${path} (${code ?? (error as Error).message})`);
  }
}

/** What `stats` is in words, where it is anything but a regular file or a folder. */
function notRegular(stats: Stats | undefined): string | undefined {
  if (stats === undefined || stats.isFile() || stats.isDirectory()) return undefined;
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  return "a device";
}

/** Whether this process may access `path` as `mode` says (access(2), which lets root write almost anywhere). */
function mayAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
