import { describe, expect, it } from "vitest";
import { shortLists } from "../../src/live/live-report.js";

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
