// Watch mode: a burst of changes grades once more; a change during grading, once after it.
import { EventEmitter } from "node:events";
import type { watch } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { regrader, watchFolders } from "../../src/grade/watch.js";

describe("grade --watch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("should grade once for a burst of changes", async () => {
    const grade = vi.fn(async () => {});
    const r = regrader(grade, 200);
    r.changed();
    r.changed();
    await vi.advanceTimersByTimeAsync(100);
    r.changed();
    expect(grade).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(grade).toHaveBeenCalledTimes(1);
  });

  it("should grade once more when files change during grading", async () => {
    let finish = () => {};
    const grade = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const r = regrader(grade, 10);
    r.changed();
    await vi.advanceTimersByTimeAsync(10);
    r.changed();
    r.changed();
    await vi.advanceTimersByTimeAsync(10);
    expect(grade).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(grade).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(grade).toHaveBeenCalledTimes(2);
  });

  it("should grade no more once stopped, whatever changes", async () => {
    const grade = vi.fn(async () => {});
    const r = regrader(grade, 10);
    r.changed();
    r.stop();
    r.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(grade).not.toHaveBeenCalled();
  });

  const fakeWatcher = () => {
    const watchers: (EventEmitter & { close: () => void; folder: string })[] = [];
    const fakeWatch = ((folder: string, options: { recursive: boolean }, listener: () => void) => {
      expect(options.recursive).toBe(true);
      const w = Object.assign(new EventEmitter(), { folder, close: vi.fn() });
      w.on("change", listener);
      watchers.push(w);
      return w;
    }) as unknown as typeof watch;
    return { watchers, fakeWatch };
  };
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

  it("should watch every folder recursively and stop when asked", () => {
    const { watchers, fakeWatch } = fakeWatcher();
    const onChange = vi.fn();
    const stop = watchFolders(["a", "b"], onChange, () => {}, fakeWatch);
    watchers[1]!.emit("change");
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    expect(watchers.map((w) => [w.folder, (w.close as ReturnType<typeof vi.fn>).mock.calls.length])).toEqual([
      ["a", 1],
      ["b", 1],
    ]);
  });

  // Node's recursive watcher on Linux reads each folder as it changes: one removed meanwhile is an ENOENT 'error'.
  it("should take a folder that vanishes while it is read for a change, and any other error for the end of watching", () => {
    const { watchers, fakeWatch } = fakeWatcher();
    const onChange = vi.fn();
    const onError = vi.fn();
    watchFolders(["a", "b"], onChange, onError, fakeWatch);
    watchers[0]!.emit("error", errno("ENOENT", "ENOENT: no such file or directory, scandir 'a/x'"));
    expect({ changes: onChange.mock.calls.length, errors: onError.mock.calls.length }).toEqual({ changes: 1, errors: 0 });
    const denied = errno("EACCES", "EACCES: permission denied, scandir 'b/y'");
    watchers[1]!.emit("error", denied);
    expect(onError.mock.calls).toEqual([["b", denied]]);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
