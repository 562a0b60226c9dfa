import { readFileSync } from "node:fs";

/**
 * The text of a file the user named, or `cannotRead` called with why not, in
 * words ("no such file" rather than ENOENT), so each caller can raise its own
 * one-line error naming the file.
 */
export function readTextFile(file: string, cannotRead: (reason: string) => never): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const words: Record<string, string> = { ENOENT: "no such file", EISDIR: "it is a folder, not a file" };
    return cannotRead(words[(error as NodeJS.ErrnoException).code ?? ""] ?? (error as Error).message);
  }
}
