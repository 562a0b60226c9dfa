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
});
