/**
 * Where the test suite keeps its temporary files (vitest.config.ts): a fresh
 * folder in /dev/shm, where that is a RAM-backed tmpfs with room that may run
 * programs, unless TMPDIR is set.
 *
 * Why: the suite makes and removes thousands of files and folders. On an ext4
 * disk, one made soon after others were removed costs the kernel far more
 * than in a tmpfs (the allocator looks past recently freed inodes), and the
 * suite's system time with it. Programs must be able to run from it: the
 * SPIN tests run the pan they compile.
 */
import { chmodSync, mkdtempSync, readFileSync, statfsSync } from "node:fs";

const SHM = "/dev/shm";

/** Whether the mount in force at `point`, in the text of /proc/self/mounts, is a tmpfs that may run programs (no noexec). */
export function tmpfsForPrograms(mounts: string, point: string): boolean {
  // Mounted over again, the last line is the one in force: "tmpfs /dev/shm tmpfs rw,nosuid,nodev,... 0 0".
  const mount = mounts
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([, at]) => at === point)
    .at(-1);
  return mount?.[2] === "tmpfs" && !mount[3]!.split(",").includes("noexec");
}

/**
 * A fresh folder for the run in /dev/shm, or undefined (TMPDIR set, or no such
 * tmpfs with 1 GB free). Others may pass through it (0711): a sandbox's child,
 * as another user, must reach its folder.
 */
export function ramTemporaryFolder(): string | undefined {
  if (process.env.TMPDIR !== undefined) return undefined;
  try {
    if (!tmpfsForPrograms(readFileSync("/proc/self/mounts", "utf8"), SHM)) return undefined;
    const { bavail, bsize } = statfsSync(SHM);
    if (bavail * bsize < 2 ** 30) return undefined;
    const folder = mkdtempSync(`${SHM}/snaplab-tests-`);
    chmodSync(folder, 0o711);
    return folder;
  } catch {
    return undefined;
  }
}
