import { describe, expect, it } from "vitest";
import { MemoryLimitError, watchingMemory } from "../../src/explore/memory-limit.js";
import { runCli } from "../support/cli.js";

const progress = { states: 4096, transitions: 9000, queued: 10, elapsedMs: 5 };

describe("watchingMemory", () => {
  it("stops a search once the process holds more memory than the limit", () => {
    const shown: unknown[] = [];
    // Any process holds more than 1 MB.
    expect(() => watchingMemory(1, (p) => shown.push(p), 0)(progress)).toThrow(MemoryLimitError);
    expect(shown).toEqual([]);
  });

  it("passes progress on while under the limit, no more often than asked", () => {
    const shown: unknown[] = [];
    const everyTime = watchingMemory(1_000_000, (p) => shown.push(p), 0);
    everyTime(progress);
    everyTime(progress);
    expect(shown).toEqual([progress, progress]);
    const rarely = watchingMemory(1_000_000, (p) => shown.push(p), 3_600_000);
    rarely(progress);
    expect(shown).toHaveLength(2);
  });
});

// One line and exit 2, as --max-states does: `main` in this process (which also holds more than 1 MB)
// with the generic engine; memory-limit.system.test.ts runs the real binary with the default one.
describe("snaplab explore --max-memory", () => {
  const stopped = /^snaplab: stopped at \d+ MB of memory \(--max-memory 1\); raise the limit or shrink the scenario\n$/;

  it("stops with one line and exit 2, the generic engine", async () => {
    const { status, stdout, stderr } = await runCli("explore", "spec/scenarios/bank.json", "--max-memory", "1", "--engine", "generic");
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr).toMatch(stopped);
  });

  it("refuses a limit that is not a positive number of MB", async () => {
    const { status, stderr } = await runCli("explore", "spec/scenarios/bank.json", "--max-memory", "0");
    expect({ status, stderr }).toEqual({ status: 2, stderr: "snaplab: --max-memory 0: must be an integer of at least 1 (MB)\n" });
  });
});
