/**
 * Temporary folders for a test file: each call gives a fresh folder inside one
 * folder per test file, which test/support/setup.ts removes when the file's
 * tests end (also when files share a worker and this module, isolate: false).
 *
 * Call it only in a test or a hook (beforeAll, beforeEach), never at a file's
 * top level or in a describe's body: a run that selects none of a file's tests
 * (`vitest run FILE -t NAME`) still imports the file and collects its describes,
 * but runs none of its hooks, setup.ts's included, so a folder made then is
 * never removed.
 *
 * Each folder is the owner's alone (0700, mkdtemp's mode). The folder that holds
 * them may be passed through by others, not listed (0711, as /tmp may be passed
 * through): a sandbox test's children run as nobody under a root grader and must
 * reach the folders their test opens to them (test/grade/sandbox/support.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let root: string | undefined;

export const tempDir = (name: string): string => {
  if (root === undefined) {
    root = mkdtempSync(join(tmpdir(), "snaplab-test-"));
    chmodSync(root, 0o711);
  }
  return mkdtempSync(join(root, `${name}-`));
};

/** Removes this file's temporary folders; the next file's first `tempDir` starts a new root. */
export function removeTempDirs(): void {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
}
