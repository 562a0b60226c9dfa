/**
 * Temporary folders named for the process that made them,
 * `snaplab-<kind>-<pid>-<random>`. A process killed outright (SIGKILL) runs
 * no exit handler and leaves its folders behind; by the pid in the name a
 * later process of the same kind tells the folders of one that is gone, which
 * it removes, from those of one still running, which it leaves alone.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** A new folder in `base`, named for this process (`kind`: "sandbox", "live"); mkdtemp makes it private (0700). */
export function newProcessFolder(base: string, kind: string): string {
  return mkdtempSync(join(base, `snaplab-${kind}-${process.pid}-`));
}

/** The kinds and bases swept already, once each a process: each sandbox would otherwise list the whole temporary folder. */
const swept = new Set<string>();

/**
 * Removes the folders of `kind` that processes killed outright left in
 * `base`: this user's, named for a process that is gone.
 */
export function sweepFoldersLeft(base: string, kind: string): void {
  if (swept.has(`${kind} in ${base}`)) return;
  swept.add(`${kind} in ${base}`);
  const name = new RegExp(`^snaplab-${kind}-(\\d+)-`);
  for (const entry of readdirSync(base)) {
    const pid = Number(name.exec(entry)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    const stats = lstatSync(join(base, entry), { throwIfNoEntry: false });
    if (stats?.isDirectory() && stats.uid === process.getuid?.()) rmSync(join(base, entry), { recursive: true, force: true });
  }
}

/** Whether process `pid` is there: kill(0) delivers nothing, and says EPERM for one of another user's. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
