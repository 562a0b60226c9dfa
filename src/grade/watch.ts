/**
 * `snaplab grade --watch`: grade again whenever a file under a graded folder
 * changes, as rustlings' watch mode does. Saves come in bursts (an editor
 * writes a file and its backup), so changes are gathered for a moment, and a
 * change during grading leads to one more grading once it ends.
 */
import { watch as fsWatch } from "node:fs";

export interface Regrader {
  /** Something changed: grade again soon. */
  changed(): void;
  /** No more gradings, whatever changes. */
  stop(): void;
}

export function regrader(grade: () => Promise<void>, settleMs = 200): Regrader {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    timer = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = grade().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return {
    changed() {
      clearTimeout(timer);
      timer = setTimeout(run, settleMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Calls `onChange` for every change under the folders, and `onError` when one can no longer be watched; returns a
 * function that stops watching. A file or folder that vanishes while the watcher reads it is a change, not an error:
 * the grading that follows sees what is left.
 */
export function watchFolders(
  folders: readonly string[],
  onChange: () => void,
  onError: (folder: string, error: NodeJS.ErrnoException) => void,
  watch: typeof fsWatch = fsWatch,
): () => void {
  const watchers = folders.map((folder) =>
    watch(folder, { recursive: true }, onChange).on("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? onChange() : onError(folder, error))),
  );
  return () => watchers.forEach((w) => w.close());
}
