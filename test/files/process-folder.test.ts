// Folders named for the process that made them: a later process removes those of processes that are gone,
// and leaves alone those of processes still running, of another kind, and anything else.
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { newProcessFolder, sweepFoldersLeft } from "../../src/files/process-folder.js";
import { tempDir } from "../support/temp-dir.js";

/** A pid no process can have: Linux gives pids up to pid_max, which is at most 2^22. */
const GONE = 2 ** 22 + 1;

describe("a folder named for its process", () => {
  it("should be new, private, and named snaplab-<kind>-<pid>-", () => {
    const folder = newProcessFolder(tempDir("process-folder"), "live");
    expect(basename(folder)).toMatch(new RegExp(`^snaplab-live-${process.pid}-\\w+$`));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("should be removed by the next process of its kind once its own is gone, and nothing else", () => {
    const base = tempDir("sweep");
    const folders = {
      gone: `snaplab-live-${GONE}-abc123`,
      mine: basename(newProcessFolder(base, "live")),
      running: `snaplab-live-${process.ppid}-abc123`,
      otherKind: `snaplab-sandbox-${GONE}-abc123`,
      noPid: "snaplab-live-abc123",
    };
    for (const name of [folders.gone, folders.running, folders.otherKind, folders.noPid]) mkdirSync(join(base, name));
    mkdirSync(join(base, folders.gone, "inside"));
    const file = `snaplab-live-${GONE + 1}-file`;
    writeFileSync(join(base, file), "not a folder\n");
    sweepFoldersLeft(base, "live");
    expect(readdirSync(base).sort()).toEqual([folders.mine, folders.running, folders.otherKind, folders.noPid, file].sort());
  });
});
