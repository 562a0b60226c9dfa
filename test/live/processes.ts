/**
 * Processes as Linux shows them in /proc, for the tests that check a live run
 * leaves none behind, and a wait for a condition with a generous limit (never
 * a fixed sleep: it returns as soon as the condition holds).
 */
import { readdirSync, readFileSync } from "node:fs";

/** The state letter and parent of a process, or undefined once it is gone. */
function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** The running children of `parent` whose command line contains `marker`. */
export function childrenOf(parent: number, marker = "live-node"): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => stat(pid)?.ppid === parent && isAlive(pid) && commandLine(pid).includes(marker));
}

/** Running, not gone and not a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  const found = stat(pid);
  return found !== undefined && found.state !== "Z" && found.state !== "X";
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

export async function waitFor<T>(condition: () => T | undefined, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = condition();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
