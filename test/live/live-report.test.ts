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
    properties: [holds ? { name: "conservation", holds } : { name: "conservation", holds, reason: "recorded 290 of 300" }],
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
});
