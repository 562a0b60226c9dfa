import { describe, expect, it } from "vitest";
import type { SnapshotCheck } from "../../src/live/check-run.js";
import { shortLists, verdictLine } from "../../src/live/live-report.js";

describe("a live run's reasons in the text report", () => {
  it("should show a long list's first six messages and how many in all", () => {
    const list = Array.from({ length: 30 }, (_, i) => `B#${i + 1} (${i % 9})`).join(", ");
    expect(shortLists(`channel B->A recorded [${list}], expected []`)).toBe(
      "channel B->A recorded [B#1 (0), B#2 (1), B#3 (2), B#4 (3), B#5 (4), B#6 (5), … 30 in all], expected []",
    );
  });

  it("should leave a list of eight messages or fewer whole", () => {
    const reason = "channel A->C recorded [], expected [A#663 (6), A#664 (8), A#665 (1), A#666 (2), A#667 (3), A#668 (4), A#669 (5), A#670 (6)]";
    expect(shortLists(reason)).toBe(reason);
  });
});

describe("a live run's last line", () => {
  const snapshot = (id: number, holds: boolean): SnapshotCheck => ({
    id,
    initiator: "A",
    complete: true,
    latencyMs: 1,
    recordedTotal: 300,
    realTotal: 300,
    properties: [holds ? { name: "conservation", verdict: "holds" } : { name: "conservation", verdict: "violated", reason: "recorded 290 of 300" }],
  });

  it("should be worded for no snapshot, one, or several", () => {
    expect(verdictLine([], true)).toBe("the money holds (no snapshot was taken)");
    expect(verdictLine([snapshot(0, true)], true)).toBe("every property holds in the one snapshot");
    expect(verdictLine([snapshot(0, true), snapshot(1, true)], true)).toBe("every property holds in both snapshots");
    expect(verdictLine([snapshot(0, true), snapshot(1, true), snapshot(2, true)], true)).toBe("every property holds in all 3 snapshots");
    expect(verdictLine([snapshot(0, false)], true)).toBe("the snapshot is broken");
    expect(verdictLine([snapshot(0, true), snapshot(1, false), snapshot(2, false)], true)).toBe("2 of 3 snapshots broken");
  });

  it("should say when the money does not add up, with or without a broken snapshot", () => {
    expect(verdictLine([snapshot(0, true), snapshot(1, true)], false)).toBe("the money does not add up");
    expect(verdictLine([snapshot(0, false)], false)).toBe("the snapshot is broken; the money does not add up");
    expect(verdictLine([], false)).toBe("the money does not add up");
  });

  it("should say a run stopped at its --timeout reached the limit, as explore says of --max-states, after any violation", () => {
    const incomplete = (id: number): SnapshotCheck => ({
      ...snapshot(id, true),
      complete: false,
      properties: [{ name: "termination", verdict: "not judged", reason: "the run ended with the snapshot incomplete (never recorded: B)" }],
    });
    const advice = "raise --timeout, or give fewer --transfers";
    expect(verdictLine([incomplete(0)], true, 2000)).toBe(`stopped at the limit, after 2s (--timeout), with the snapshot incomplete; ${advice}`);
    expect(verdictLine([incomplete(0), incomplete(1)], true, 2000)).toBe(
      `stopped at the limit, after 2s (--timeout), with both snapshots incomplete; ${advice}`,
    );
    expect(verdictLine([snapshot(0, true), incomplete(1), incomplete(2)], true, 90_000)).toBe(
      `stopped at the limit, after 90s (--timeout), with 2 of 3 snapshots incomplete; ${advice}`,
    );
    expect(verdictLine([snapshot(0, true)], true, 60_000)).toBe(`stopped at the limit, after 1min (--timeout); ${advice}`);
    expect(verdictLine([snapshot(0, false), incomplete(1)], true, 2000)).toBe(
      `1 of 2 snapshots broken; stopped at the limit, after 2s (--timeout), with 1 of 2 snapshots incomplete; ${advice}`,
    );
  });
});
