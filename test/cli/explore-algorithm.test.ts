import { describe, expect, it } from "vitest";
import { runExplore } from "../support/run-explore.js";

describe("snaplab explore --algorithm", () => {
  it("should run the rules the scenario names when not told otherwise", async () => {
    const { stdout, exitCode } = await runExplore(["spec/scenarios/two-node.json"]);
    expect(stdout).toMatch(/^two-node: chandy-lamport, FIFO channels$/m);
    expect(exitCode).toBe(0);
  });

  it("should run the named rules instead", async () => {
    const { stdout, exitCode } = await runExplore(["spec/scenarios/two-node.json", "--algorithm", "defer-after-recording"]);
    expect(stdout).toMatch(/^two-node: defer-after-recording, FIFO channels$/m);
    expect(stdout).toMatch(/^ {2}non-interference {2}VIOLATED$/m);
    expect(exitCode).toBe(1);
  });

  it("should refuse an unknown name, listing the known ones", async () => {
    await expect(runExplore(["spec/scenarios/two-node.json", "--algorithm", "nope"])).rejects.toThrow(
      'unknown algorithm "nope" (known: chandy-lamport, defer-after-recording)',
    );
  });
});
