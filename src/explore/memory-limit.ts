/**
 * A limit on the memory a search may take (`--max-memory`), so that a run too
 * big for the machine stops with one line, as `--max-states` does, instead of
 * swapping or being killed. The searches report progress every few thousand
 * states; the limit is checked then, against the process's resident memory
 * (the stored states live in typed arrays outside the JavaScript heap).
 */
import { SnaplabError } from "../errors/snaplab-error.js";

/** The default: leaves room on a machine of 8 GB or more (the stored states of the shipped scenarios take under 1 GB). */
export const DEFAULT_MAX_MEMORY_MB = 4096;

/** Raised when the process holds more memory than allowed. */
export class MemoryLimitError extends SnaplabError {
  constructor(
    readonly limitMb: number,
    readonly usedMb: number,
  ) {
    super(
      "MEMORY_LIMIT",
      `stopped at ${usedMb.toLocaleString("en-US")} MB of memory (--max-memory ${limitMb.toLocaleString("en-US")}); raise the limit or shrink the scenario`,
    );
  }
}

/**
 * A progress callback that first checks the memory in use, then passes the
 * progress on to `show` about every `showEveryMs`: give it to a search with a
 * progress interval of 0, so that the memory is checked at every chance.
 */
export function watchingMemory<P>(limitMb: number, show: (progress: P) => void, showEveryMs: number): (progress: P) => void {
  let nextShowAt = performance.now() + showEveryMs;
  return (progress) => {
    const usedMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
    if (usedMb > limitMb) throw new MemoryLimitError(limitMb, usedMb);
    if (performance.now() >= nextShowAt) {
      nextShowAt = performance.now() + showEveryMs;
      show(progress);
    }
  };
}
