/**
 * A folder a command writes a set of files into (`classroom github --out`,
 * `ui --out`): a new folder, or an empty one, so that nothing already there
 * is overwritten or left mixed in with what is written. It is checked before
 * any work starts, and refused in one line naming the folder and the option.
 */
import { mkdirSync, readdirSync, type Stats, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";

/** One file to write in the folder: its path there (with /), its bytes, and whether it is a program to run. */
export interface FileToWrite {
  readonly path: string;
  readonly data: Uint8Array;
  readonly executable?: boolean;
}

/** The folder, the option that named it, and what is written there ("the page"). */
export interface AskedFolder {
  readonly folder: string;
  readonly option: string;
  readonly what: string;
}

/** Throws a SnaplabError unless `folder` is an empty folder, or is not there yet and its parent is. */
export function checkNewFolder({ folder, option, what }: AskedFolder): void {
  const refuse = (why: string) => new SnaplabError("CANNOT_WRITE", `${folder}: ${why}`);
  const found = lookAt(folder, refuse);
  if (found && !found.isDirectory()) throw refuse(`is a file (${option} names a folder to write ${what} in)`);
  if (found && readdirSync(folder).length > 0) throw refuse(`is not empty (${option} names a new or empty folder)`);
  if (!found && !lookAt(dirname(folder), refuse)?.isDirectory()) throw refuse(`there is no folder ${dirname(folder)}`);
}

/** Writes `files` into the folder asked for (checked first: new or empty), making the folders they are in. */
export function writeNewFolder(asked: AskedFolder, files: readonly FileToWrite[]): void {
  checkNewFolder(asked);
  try {
    for (const file of files) {
      mkdirSync(dirname(join(asked.folder, file.path)), { recursive: true });
      writeFileSync(join(asked.folder, file.path), file.data, { mode: file.executable ? 0o755 : 0o644 });
    }
  } catch (error) {
    throw new SnaplabError(
      "CANNOT_WRITE",
      `${asked.folder}: cannot write ${asked.what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** What is at `path`, if anything: a path through a file leads to nothing, and one that cannot be looked at is refused. */
function lookAt(path: string, refuse: (why: string) => SnaplabError): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR") return undefined;
    throw refuse(`cannot look at ${path} (${code ?? (error as Error).message})`);
  }
}
