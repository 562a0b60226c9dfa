// isPartDone's answers judged by the README's definition, in words a learner reads.
import { describe, expect, it } from "vitest";
import type { ProcessView } from "../../api/index.js";
import { partDoneProblem } from "../../src/grade/exercises/completion-answers.js";

/** P2 has recorded; of its incoming channels, those in `open` are still open, the rest closed empty. */
function recordedView(open: readonly string[]): ProcessView {
  const incoming = ["P0->P2", "P1->P2"];
  return {
    process: "P2",
    hasRecorded: true,
    incoming,
    outgoing: [],
    recordings: Object.fromEntries(incoming.map((c) => [c, open.includes(c) ? { status: "open", messages: [] } : { status: "closed", messages: [] }])),
    recorded: { pc: 0, balance: 100, received: [] },
    received: [],
    sent: {},
  };
}

describe("partDoneProblem", () => {
  it("should say which channel is still open, and which are, for a part said done too soon", () => {
    expect(partDoneProblem(recordedView(["P1->P2"]), true, "isPartDone(view)")).toBe("P2 says its part is done, but P1->P2 is still open");
    expect(partDoneProblem(recordedView(["P0->P2", "P1->P2"]), true, "isPartDone(view)")).toBe("P2 says its part is done, but P0->P2, P1->P2 are still open");
  });

  it("should find nothing wrong where the part is done and said to be", () => {
    expect(partDoneProblem(recordedView([]), true, "isPartDone(view)")).toBeUndefined();
  });
});
