/**
 * Temporary folders for a test file: each call gives a fresh folder inside one
 * folder per test file, which test/support/setup.ts removes when the file's
 * tests end (also when files share a worker and this module, isolate: false).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let root: string | undefined;

export const tempDir = (name: string): string => {
  root ??= mkdtempSync(join(tmpdir(), "snaplab-test-"));
  return mkdtempSync(join(root, `${name}-`));
};

/** Removes this file's temporary folders; the next file's first `tempDir` starts a new root. */
export function removeTempDirs(): void {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
}
