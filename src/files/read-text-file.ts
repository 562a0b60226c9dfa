import { readFileSync, statSync, type Stats } from "node:fs";

/** The largest file read (16 MB): the biggest shipped scenario or trace is a few kilobytes. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/**
 * The text of a file the user named, or `cannotRead` called with why not, in
 * words ("no such file" rather than ENOENT), so each caller can raise its own
 * one-line error naming the file. Only a regular file up to MAX_FILE_BYTES is
 * read: the file is looked at (stat) before it is opened, because opening a
 * FIFO waits for a writer and reading /dev/zero never ends.
 */
export function readTextFile(file: string, cannotRead: (reason: string) => never, kind = "file"): string {
  let stats: Stats | undefined;
  try {
    stats = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    return cannotRead((error as Error).message);
  }
  if (stats === undefined) return cannotRead("no such file");
  if (stats.isDirectory()) return cannotRead(`it is a folder, not a ${kind}`);
  if (!stats.isFile()) return cannotRead(`it is not a regular file (a FIFO, device or socket), not a ${kind}`);
  if (stats.size > MAX_FILE_BYTES) return cannotRead(`it is ${megabytes(stats.size)}, more than the ${megabytes(MAX_FILE_BYTES)} a ${kind} may be`);
  try {
    // Without the byte-order mark some editors start a file with (Notepad's UTF-8): it is no part of the text, and JSON.parse refuses it.
    return readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    return cannotRead((error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message);
  }
}

const megabytes = (bytes: number): string => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;
