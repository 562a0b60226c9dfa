import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

/** What `snaplab explore …` prints, parsed as the real command parses it. */
const explore = async (...args: string[]): Promise<string> => (await runCli("explore", ...args)).stdout;

describe("snaplab explore: search options", () => {
  it("should say which engine ran and what the stored states cost", async () => {
    const out = await explore("spec/scenarios/two-node.json");
    expect(out).toMatch(/^ {2}search {7}compact engine, breadth-first, [\d.]+ MB \(\d+ bytes\/state\)$/m);
  });

  it("should explain the figures under reduction and print the collision estimate with fingerprints", async () => {
    const out = await explore("spec/scenarios/two-node.json", "--reduction", "por", "--fingerprint", "--search", "dfs");
    expect(out).toContain("  search       compact engine, depth-first, partial-order reduction");
    expect(out).toContain("those of the reduced graph");
    expect(out).toMatch(/64-bit fingerprints: probability that a collision hid a state \d\.\de-\d+ \(TLC's optimistic estimate\)/);
  });

  it("should add the search to the JSON report", async () => {
    const json = JSON.parse(await explore("spec/scenarios/two-node.json", "--format", "json", "--fingerprint"));
    expect(json.search).toMatchObject({ engine: "compact", search: "bfs", reduction: "none", fingerprint: true });
    expect(json.search.collisionProbability).toBeGreaterThan(0);
    expect(json.states).toBe(65);
  });

  it("should name the generic explorer, why it ran, and the search options it could not honour", async () => {
    expect(await explore("spec/scenarios/two-node.json", "--engine", "generic")).toMatch(
      /\n {2}search {7}generic explorer, breadth-first, [\d.]+ MB \(\d+ bytes\/state\) and 43 distinct parts \(asked for the generic explorer\)\n/,
    );
    // Depth-first search, fingerprints and the reduction are the one search's, whichever model runs.
    const both = await explore("spec/scenarios/two-node.json", "--engine", "generic", "--search", "dfs", "--fingerprint", "--reduction", "por");
    expect(both).toMatch(/ {2}search {7}generic explorer, depth-first, partial-order reduction, .* \(asked for the generic explorer\)\n/);
    expect(both).toContain("64-bit fingerprints: probability that a collision hid a state");
    expect(both).toContain("  states       46\n");
    // Lost messages are no process's steps: a model with unreliable channels says what the reduction needs of none of them.
    expect(await explore("spec/scenarios/lossy-transfer.json", "--reduction", "por")).toMatch(
      / {2}search {7}generic explorer, breadth-first, .*; --reduction por ignored: the model says of none of its steps which are independent\)\n/,
    );
    // A case study's model says how it was searched too, as the bank does, in JSON as well.
    const json = JSON.parse(await explore("spec/scenarios/case-studies/database-two-nodes-blocking.json", "--format", "json", "--search", "dfs"));
    expect(json.search).toMatchObject({ engine: "generic", search: "dfs", reduction: "none", fingerprint: false });
    const database = await explore("spec/scenarios/case-studies/database-two-nodes-blocking.json", "--search", "dfs", "--fingerprint", "--reduction", "por");
    expect(database).toMatch(
      /\n {2}search {28}generic explorer, depth-first, [\d.]+ MB \(\d+ bytes\/state\) and \d+ distinct parts \(--reduction por ignored: the model says of none of its steps which are independent\)\n {36}64-bit fingerprints: /,
    );
  });

  it("should refuse a search strategy it does not know", async () => {
    const refused = await runCli("explore", "spec/scenarios/two-node.json", "--search", "astar");
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([
      2,
      "",
      'snaplab: Invalid values: --search "astar": must be one of "bfs", "dfs", "random" (usage: snaplab explore <scenario>; see snaplab explore --help)\n',
    ]);
  });
});
