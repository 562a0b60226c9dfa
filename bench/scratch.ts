/**
 * One scratch folder per bench run, for every file the bench writes (GNU
 * time's reports, SPIN's models, the ring scenarios). It is made with the first
 * folder asked for, not as this module loads (a test that imports it and runs
 * nothing would leave it behind), removed when the process exits, Ctrl-C
 * included, and the bench checks that it is gone.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let root: string | undefined;
let made = 0;

/** A new, empty folder inside this run's scratch folder. */
export function scratchFolder(name: string): string {
  root ??= mkdtempSync(join(tmpdir(), "snaplab-bench-"));
  const dir = join(root, `${name}-${++made}`);
  mkdirSync(dir);
  return dir;
}

/** Removes the scratch folder; true when nothing is left. */
export function removeScratch(): boolean {
  if (root === undefined) return true;
  rmSync(root, { recursive: true, force: true });
  return !existsSync(root);
}

/**
 * The bench's main file calls this. The bench is synchronous (one command after another), so a
 * signal handler would only run at its end: instead Ctrl-C, which the running command gets too,
 * is seen in that command's result (`stoppedBy`), and the bench exits, removing the folder.
 */
export function removeScratchAtExit(): void {
  process.on("exit", removeScratch);
  // Keeps Node from dying at once on Ctrl-C, so that the command's result is seen and the exit handler runs.
  process.on("SIGINT", () => {});
}

/** Ends the bench, folder removed, when a command it ran was stopped by Ctrl-C. */
export function stopOnInterrupt(signal: NodeJS.Signals | null, status: number | null): void {
  // GNU time, which wraps the command, reports its death by SIGINT as status 130.
  if (signal === "SIGINT" || status === 130) process.exit(130);
}
