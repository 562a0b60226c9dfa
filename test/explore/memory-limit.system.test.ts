import { describe, expect, it } from "vitest";
import { snaplab } from "../support/cli.js";

// One line and exit 2, as --max-states does: the real binary with the default engine.
describe("snaplab explore --max-memory", () => {
  const stopped = /^snaplab: stopped at \d+ MB of memory \(--max-memory 1\); raise the limit or shrink the scenario\n$/;
  it("stops with one line and exit 2, the real binary", () => {
    const { status, stdout, stderr } = snaplab("explore", "spec/scenarios/bank.json", "--max-memory", "1");
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr).toMatch(stopped);
  });
});
