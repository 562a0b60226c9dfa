// A grade shows one counterexample: asked for only the shortest, the search still names every property that
// failed, and gives the counterexample the full list would have put first by length, then by the order met.
import { describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { fromJson } from "../support/scenarios.js";

// Chandy-Lamport without FIFO breaks several cut properties, at different depths.
const scenarios = {
  "two processes": fromJson({
    processes: { P0: 100, P1: 100 },
    programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P0", amount: 20 }] },
    initiators: ["P0"],
    fifo: false,
  }),
  "three processes": fromJson({
    processes: { P0: 100, P1: 50, P2: 0 },
    programs: { P0: [{ to: "P1", amount: 1 }], P1: [{ to: "P2", amount: 4 }], P2: [{ to: "P0", amount: 16 }] },
    initiators: ["P0", "P2"],
    fifo: false,
  }),
};

describe.each(Object.entries(scenarios))("only the shortest counterexample, on %s", (_, scenario) => {
  it.each(["none", "por"] as const)("should name what the full list names and give its shortest, met first (reduction %s)", (reduction) => {
    const every = check({ model: bankModel, scenario }, { reduction });
    const one = check({ model: bankModel, scenario }, { reduction, counterexamples: "the shortest" });
    expect(every.violated.length).toBeGreaterThan(1);
    expect(one.violated).toEqual(every.violated);
    expect(one.properties).toEqual(every.properties);
    const met = (property: string) => every.violated.indexOf(property);
    const [first] = [...every.counterexamples].sort((a, b) => a.length - b.length || met(a.property) - met(b.property));
    expect(one.counterexamples).toHaveLength(1);
    expect(one.counterexamples[0]!.property).toBe(first!.property);
    expect(one.counterexamples[0]!.reason).toBe(first!.reason);
    expect(one.counterexamples[0]!.path.actions).toEqual(first!.path.actions);
  });
});
