import { describe, expect, it } from "vitest";
import { parseCluster } from "../../src/live/cluster.js";

const cluster = {
  scenario: { processes: { P0: 100, P1: 100 }, initiators: ["P0"] },
  hosts: { P0: "localhost:7000", P1: "localhost:7001" },
  transfers: 10,
  seed: 1,
  snapshots: 1,
};

describe("a cluster file", () => {
  it("should refuse an unknown algorithm in one line naming the file and the field", () => {
    expect(() => parseCluster(JSON.stringify({ ...cluster, algorithm: "bogus" }), "c.json")).toThrow(
      expect.objectContaining({ message: 'c.json: algorithm: unknown algorithm "bogus" (known: chandy-lamport, defer-after-recording)' }),
    );
  });

  it("should refuse an unknown algorithm in its scenario, naming the scenario's field", () => {
    expect(() => parseCluster(JSON.stringify({ ...cluster, scenario: { ...cluster.scenario, algorithm: "bogus" } }), "c.json")).toThrow(
      expect.objectContaining({ message: 'c.json: scenario: algorithm: unknown algorithm "bogus" (known: chandy-lamport, defer-after-recording)' }),
    );
  });

  it("should refuse a key given twice, in its scenario too, naming its path from the file's top and its lines", () => {
    const text = JSON.stringify(cluster, null, 2).replace('"P1": 100', '"P1": 100,\n      "P1": 5');
    expect(() => parseCluster(text, "c.json")).toThrow(
      expect.objectContaining({ message: "c.json: scenario.processes.P1: given twice, on lines 5 and 6 (an object may have each key once)" }),
    );
  });

  it.each([
    // The file took any seed and any number of transfers that snaplab live refuses.
    ["seed", 2 ** 31, "seed: a seed is a whole number from 0 to 2,147,483,647, got 2147483648"],
    ["seed", -1, "seed: a seed is a whole number from 0 to 2,147,483,647, got -1"],
    ["transfers", 1_000_001, "transfers: at most 1,000,000 (the run is checked from its logs, which are kept in memory until it ends), got 1000001"],
    ["snapshots", 1001, "snapshots: at most 1,000 (each process keeps a copy of what its rules see for every snapshot), got 1001"],
    ["transfers", 1.5, "transfers: must be an integer of at least 0, got 1.5"],
    ["rate", "fast", 'rate: must be an integer of at least 0, got "fast"'],
  ])("should refuse %s %j as snaplab live refuses it, naming the field", (field, value, problem) => {
    expect(() => parseCluster(JSON.stringify({ ...cluster, [field]: value }), "c.json")).toThrow(expect.objectContaining({ message: `c.json: ${problem}` }));
  });

  it("should take the largest seed and number of transfers snaplab live takes", () => {
    expect(parseCluster(JSON.stringify({ ...cluster, seed: 2 ** 31 - 1, transfers: 1_000_000 }), "c.json")).toMatchObject({
      seed: 2 ** 31 - 1,
      transfers: 1_000_000,
    });
  });
});
