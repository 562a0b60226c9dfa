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
}

export function regrader(grade: () => Promise<void>, settleMs = 200): Regrader {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = () => {
    timer = undefined;
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
  };
}

/** Calls `onChange` for every change under the folders; returns a function that stops watching. */
export function watchFolders(folders: readonly string[], onChange: () => void, watch: typeof fsWatch = fsWatch): () => void {
  const watchers = folders.map((folder) => watch(folder, { recursive: true }, onChange));
  return () => watchers.forEach((w) => w.close());
}
