// A length of time on the command line (src/cli/duration-option.ts): what each spelling reads as,
// and what each refusal says. The options that take one are tested in their commands' tests.
import { describe, expect, it } from "vitest";
import { MAX_DURATION_MS, readDuration } from "../../src/cli/duration-option.js";
import { formatDuration } from "../../src/render/duration.js";

describe("readDuration", () => {
  it.each([
    ["300ms", 300],
    ["3s", 3000],
    ["5min", 300_000],
    ["2.5s", 2500],
    ["0.25s", 250],
    // Floating point reads 1.005 × 1000 as 1004.9999999999999, and 4.35 × 60000 as 260999.99999999997.
    ["1.005s", 1005],
    ["4.35min", 261_000],
    ["1.5min", 90_000],
    ["0.001min", 60],
    ["007s", 7000],
    ["34560min", MAX_DURATION_MS],
  ])("reads %s as %d ms", (typed, ms) => {
    expect(readDuration(typed, 1)).toEqual({ ms });
  });

  it("takes zero where the least is zero, and refuses it where it is more", () => {
    expect(readDuration("0ms", 0)).toEqual({ ms: 0 });
    expect(readDuration("0s", 1)).toEqual({ problem: "must be at least 1ms" });
    expect(readDuration("0", 1)).toEqual({ problem: "must be at least 1ms" });
  });

  it.each([
    ["3000", 1, "give a unit, as in 3000ms or 3000s"],
    ["2.5", 1, "give a unit, as in 2.5ms or 2.5s"],
    ["0", 0, "give a unit, as in 0ms or 0s"],
    ["-5s", 1, "must be at least 1ms"],
    ["-5", 0, "must be at least 0ms"],
    ["500ms", 1000, "must be at least 1s"],
    ["0.5ms", 1, "must be a whole number of milliseconds"],
    ["1.0001s", 1, "must be a whole number of milliseconds"],
    ["34561min", 1, "at most 34560min (24 days, about the longest a timer can wait)"],
    ["99999999999999999999999s", 1, "at most 34560min (24 days, about the longest a timer can wait)"],
    ["3 s", 1, "write a length of time with its unit, as in 300ms, 2.5s or 5min"],
    ["3sec", 1, "write a length of time with its unit, as in 300ms, 2.5s or 5min"],
    ["1e3ms", 1, "write a length of time with its unit, as in 300ms, 2.5s or 5min"],
    ["Infinitys", 1, "write a length of time with its unit, as in 300ms, 2.5s or 5min"],
    [".5s", 1, "write a length of time with its unit, as in 300ms, 2.5s or 5min"],
    ["", 1, "write a length of time with its unit, as in 300ms, 2.5s or 5min"],
  ])("refuses %j (at least %d ms): %s", (typed, least, problem) => {
    expect(readDuration(typed, least)).toEqual({ problem });
  });

  it("shows the fix as the option's value is written", () => {
    const kill = (duration: string) => `B@${duration}`;
    expect(readDuration("300", 0, kill)).toEqual({ problem: "give a unit, as in B@300ms or B@300s" });
    expect(readDuration("soon", 0, kill)).toEqual({ problem: "write a length of time with its unit, as in B@300ms, B@2.5s or B@5min" });
  });

  it("stays below the longest wait of Node's timers", () => {
    expect(MAX_DURATION_MS).toBeLessThan(2 ** 31 - 1);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0ms"],
    [1, "1ms"],
    [300, "300ms"],
    [1000, "1s"],
    [2500, "2500ms"],
    [3000, "3s"],
    [60_000, "1min"],
    [90_000, "90s"],
    [300_000, "5min"],
  ])("writes %d ms as %s", (ms, written) => {
    expect(formatDuration(ms)).toBe(written);
  });

  it("writes what readDuration reads back", () => {
    for (const ms of [1, 999, 1000, 1001, 59_999, 60_000, 61_000, MAX_DURATION_MS]) expect(readDuration(formatDuration(ms), 1)).toEqual({ ms });
  });
});
