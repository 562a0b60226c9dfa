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

  it("should watch every folder recursively and stop when asked", () => {
    const watchers: (EventEmitter & { close: () => void; folder: string })[] = [];
    const fakeWatch = ((folder: string, options: { recursive: boolean }, listener: () => void) => {
      expect(options.recursive).toBe(true);
      const w = Object.assign(new EventEmitter(), { folder, close: vi.fn() });
      w.on("change", listener);
      watchers.push(w);
      return w;
    }) as unknown as typeof watch;
    const onChange = vi.fn();
    const stop = watchFolders(["a", "b"], onChange, fakeWatch);
    watchers[1]!.emit("change");
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    expect(watchers.map((w) => [w.folder, (w.close as ReturnType<typeof vi.fn>).mock.calls.length])).toEqual([
      ["a", 1],
      ["b", 1],
    ]);
  });
});
