import { describe, expect, it } from "vitest";
import { checkByRandomWalks } from "../../src/check/random-walks.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { runCli } from "../support/cli.js";

const loaded = (name: string, fifo = true) => {
  const { model, scenario } = loadModelScenario(`spec/scenarios/${name}.json`);
  return { model, scenario: { ...scenario, fifo } };
};

describe("random walks (explore --search random)", () => {
  const nonFifo = checkByRandomWalks(loaded("two-node", false), { walks: 100, seed: 1, maxSteps: 100 });

  it("should find every violation of two-node without FIFO channels within 100 walks", () => {
    expect(nonFifo.properties.filter((p) => !p.holds).map((p) => p.name)).toEqual(["no-ghost-receive", "channel-state", "conservation", "reachable"]);
  });

  it("should shorten what the walks found to the length of the shortest counterexample here (5 and 4 steps, as breadth-first search finds)", () => {
    expect(nonFifo.counterexamples.map((c) => [c.property, c.length])).toEqual([
      ["no-ghost-receive", 5],
      ["channel-state", 4],
      ["conservation", 4],
      ["reachable", 4],
    ]);
    for (const c of nonFifo.counterexamples) expect(c.length).toBeLessThanOrEqual(c.foundLength);
    expect(nonFifo.counterexamples[2]!.recorded).toBe("P0 (pc 1, balance 90), P1 (pc 0, balance 100); P0->P1 [], P1->P0 []");
  });

  it("should walk the same walks for the same seed, and others for another", () => {
    const again = checkByRandomWalks(loaded("two-node", false), { walks: 100, seed: 1, maxSteps: 100 });
    expect([again.steps, again.distinctStates, again.counterexamples.map((c) => c.walk)]).toEqual([
      nonFifo.steps,
      nonFifo.distinctStates,
      nonFifo.counterexamples.map((c) => c.walk),
    ]);
    const other = checkByRandomWalks(loaded("two-node", false), { walks: 100, seed: 2, maxSteps: 100 });
    expect(other.counterexamples.map((c) => c.walk)).not.toEqual(nonFifo.counterexamples.map((c) => c.walk));
  });

  it.each([
    ["two-node", 100],
    ["three-node", 100],
    ["four-process", 30],
  ])("should find no violation of %s with FIFO channels (%i walks)", (name, walks) => {
    const report = checkByRandomWalks(loaded(name), { walks, seed: 1, maxSteps: 1000 });
    expect(report.counterexamples).toEqual([]);
    expect(report.walks).toBe(walks);
    expect(report.distinctStates).toBeGreaterThan(1);
  });

  it("should count the distinct states met: enough walks meet all 127 reachable states of two-node without FIFO, and no more", () => {
    expect(checkByRandomWalks(loaded("two-node", false), { walks: 600, seed: 7, maxSteps: 100 }).distinctStates).toBe(127);
  });

  it("should stop a walk after --max-steps", () => {
    const report = checkByRandomWalks(loaded("two-node", false), { walks: 10, seed: 1, maxSteps: 2 });
    expect(report.steps).toBe(20);
  });
});

describe("snaplab explore --search random", () => {
  it("should report the walks, and exit 1 with a shortened, drawn counterexample", async () => {
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--search", "random", "--walks", "100");
    expect(status).toBe(1);
    expect(stdout).toMatch(
      /^ {2}search {7}random walks, seed 1, at most 10,000 steps a walk\n {2}walks {8}100\n {2}steps {8}[\d,]+\n {2}states {7}[\d,]+ distinct seen$/m,
    );
    expect(stdout).toMatch(/^conservation is violated; walk \d+ found it in \d+ steps, shortened to 4:$/m);
    expect(stdout).toContain("  why: recorded 190 (balances 190 + in channels 0), expected 200");
    expect(stdout).toContain("P0 records: balance 90, pc 1");
  });

  it("should say that finding nothing proves nothing, and exit 0", async () => {
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--search", "random", "--walks", "20", "--format", "json");
    expect(status).toBe(0);
    const json = JSON.parse(stdout);
    // Indented, as exhaustive search's JSON is.
    expect(stdout).toBe(`${JSON.stringify(json, null, 2)}\n`);
    expect(json).toMatchObject({ walks: 20, search: { search: "random", seed: 1 }, counterexamples: [] });
    // A count of steps under its own name: a counterexample's `steps` is the list of them.
    expect([typeof json.stepsTaken, json.steps]).toEqual(["number", undefined]);
    const text = (await runCli("explore", "spec/scenarios/two-node.json", "--search", "random", "--walks", "20")).stdout;
    expect(text).toContain("No walk broke a property. 20 random walks met");
    expect(text).toContain("this proves nothing about the states they did not meet");
  });

  it("should give each counterexample in JSON as exhaustive search does, its steps under `steps`, then the walk that found it", async () => {
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--search", "random", "--walks", "100", "--format", "json");
    expect(status).toBe(1);
    const conservation = JSON.parse(stdout).counterexamples.find((c: { property: string }) => c.property === "conservation");
    expect(Object.keys(conservation)).toEqual(["property", "length", "reason", "steps", "recorded", "walk", "foundLength"]);
    expect(conservation).toMatchObject({ length: 4, reason: "recorded 190 (balances 190 + in channels 0), expected 200" });
    expect(conservation.steps).toHaveLength(4);
  });

  it("should name in JSON its model, and the distinct states the walks met `states`, as exhaustive search names all it met", async () => {
    const walked = ["--no-fifo", "--format", "json", "--search", "random", "--walks", "600", "--seed", "7", "--max-steps", "100"];
    const walks = JSON.parse((await runCli("explore", "spec/scenarios/two-node.json", ...walked)).stdout);
    const exhaustive = JSON.parse((await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--format", "json")).stdout);
    // These walks meet every one of the 127 reachable states.
    expect([walks.model, walks.states]).toEqual(["bank", 127]);
    expect([exhaustive.model, exhaustive.states]).toEqual(["bank", 127]);
    expect(walks).not.toHaveProperty("distinctStates");
  });

  it("should walk a case study's model through the same pipeline", async () => {
    const { status, stdout } = await runCli("explore", "spec/scenarios/case-studies/go-bank-goroutines.json", "--search", "random", "--walks", "200");
    expect(status).toBe(1);
    expect(stdout).toMatch(/^conservation is violated; walk \d+ found it/m);
  });

  it("should refuse options of an exhaustive search, and bad counts, in one line", async () => {
    const por = await runCli("explore", "spec/scenarios/two-node.json", "--search", "random", "--reduction", "por");
    expect([por.status, por.stderr]).toEqual([
      2,
      "snaplab: --reduction cannot be used with --search random (they shape an exhaustive search) (see snaplab explore --help)\n",
    ]);
    const walks = await runCli("explore", "spec/scenarios/two-node.json", "--search", "random", "--walks", "0");
    expect(walks.stderr).toBe("snaplab: --walks 0: must be an integer of at least 1\n");
    // The seed is read as every command reads one (src/cli/seed-option.ts): the generator keeps 32 bits.
    const seed = await runCli("explore", "spec/scenarios/two-node.json", "--search", "random", "--seed", "99999999999");
    expect([seed.status, seed.stderr]).toEqual([2, "snaplab: --seed 99999999999: a seed is a whole number from 0 to 2,147,483,647\n"]);
  });

  it("should refuse the options of random walks without --search random, in one line, rather than ignore them", async () => {
    const seed = await runCli("explore", "spec/scenarios/two-node.json", "--seed", "5");
    expect([seed.status, seed.stdout, seed.stderr]).toEqual([
      2,
      "",
      "snaplab: --seed can only be used with --search random (they shape random walks) (see snaplab explore --help)\n",
    ]);
    const all = await runCli("explore", "spec/scenarios/two-node.json", "--search", "dfs", "--walks", "3", "--seed", "1", "--max-steps", "4");
    expect([all.status, all.stderr]).toEqual([
      2,
      "snaplab: --walks, --seed, --max-steps can only be used with --search random (they shape random walks) (see snaplab explore --help)\n",
    ]);
  });
});
