/**
 * One scratch folder per bench run, for every file the bench writes (GNU
 * time's reports, SPIN's models, the ring scenarios). It is removed when the
 * process exits, however it exits, and the bench checks that it is gone.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = mkdtempSync(join(tmpdir(), "snaplab-bench-"));
let made = 0;

/** A new, empty folder inside this run's scratch folder. */
export function scratchFolder(name: string): string {
  const dir = join(root, `${name}-${++made}`);
  mkdirSync(dir);
  return dir;
}

/** Removes the scratch folder; true when nothing is left. */
export function removeScratch(): boolean {
  rmSync(root, { recursive: true, force: true });
  return !existsSync(root);
}

process.on("exit", removeScratch);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    removeScratch();
    process.exit(130);
  });
}
