/**
 * The explorer's figures for every shipped scenario, each explored whole: in
 * the system tier, for four-process alone has 1,403,969 states.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { specScenario } from "../../support/scenarios.js";
import { figures } from "../../support/figures.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

// Figures for every shipped scenario under the FIFO mode its file gives, and for
// the small ones also with FIFO switched off. The five-process case is out of
// reach unreduced: its figures are those of the reduced graph (spec/reduction.md).
const expected: Record<string, { fifo: boolean; reduction?: "por"; figures: ReturnType<typeof figures> }[]> = {
  "two-node": [
    { fifo: true, figures: { states: 65, transitions: 101, executions: 102n, snapshots: 6, violated: {} } },
    {
      fifo: false,
      figures: {
        states: 127,
        transitions: 189,
        executions: 210n,
        snapshots: 20,
        violated: { "no-ghost-receive": 5, "channel-state": 4, conservation: 4, reachable: 4 },
      },
    },
  ],
  "three-node": [
    { fifo: true, figures: { states: 36_895, transitions: 138_167, executions: 9_625_677_828n, snapshots: 117, violated: {} } },
    {
      fifo: false,
      figures: {
        states: 317_667,
        transitions: 1_250_309,
        executions: 66_162_096_000n,
        snapshots: 2_250,
        violated: { "no-ghost-receive": 9, "channel-state": 8, conservation: 8, reachable: 8 },
      },
    },
  ],
  bank: [{ fifo: true, figures: { states: 120_709, transitions: 484_521, executions: 545_029_407_328n, snapshots: 245, violated: {} } }],
  "four-process": [{ fifo: true, figures: { states: 1_403_969, transitions: 9_037_293, executions: 2_518_417_244_985_600n, snapshots: 81, violated: {} } }],
  "five-process": [{ fifo: true, reduction: "por", figures: { states: 17_249, transitions: 17_248, executions: 243n, snapshots: 243, violated: {} } }],
  // Unreliable channels (spec/model.md): the two hand-worked examples; SPIN counts the same states (test/models/bank/promela/spin-faults.system.test.ts).
  "lossy-transfer": [
    { fifo: true, figures: { states: 23, transitions: 30, executions: 20n, snapshots: 5, violated: { termination: 4 } } },
    {
      fifo: false,
      figures: {
        states: 27,
        transitions: 36,
        executions: 24n,
        snapshots: 6,
        violated: { "no-ghost-receive": 4, "channel-state": 3, conservation: 3, reachable: 4, termination: 4 },
      },
    },
  ],
  "duplicating-transfer": [
    { fifo: true, figures: { states: 41, transitions: 54, executions: 38n, snapshots: 6, violated: { "channel-state": 6, conservation: 6, reachable: 6 } } },
    { fifo: false, figures: { states: 71, transitions: 99, executions: 80n, snapshots: 9, violated: { "channel-state": 4, conservation: 4, reachable: 4 } } },
  ],
  disconnected: [
    { fifo: true, figures: { states: 57, transitions: 97, executions: 147n, snapshots: 4, violated: { termination: 7 } } },
    { fifo: false, figures: { states: 85, transitions: 143, executions: 210n, snapshots: 8, violated: { termination: 7 } } },
  ],
};

describe("shipped scenarios", () => {
  it("every file in spec/scenarios has expected figures here", () => {
    const files = readdirSync("spec/scenarios")
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(Object.keys(expected).sort()).toEqual(expect.arrayContaining(files.sort()));
  });

  for (const [name, runs] of Object.entries(expected)) {
    for (const run of runs) {
      const mode = `${run.fifo ? "FIFO" : "non-FIFO"}${run.reduction ? ", reduced" : ""}`;
      it(`${name}, ${mode}: ${Object.keys(run.figures.violated).join(", ") || "every property holds"}`, () => {
        const options = run.reduction ? { reduction: run.reduction } : {};
        expect(figures(check({ model: bankModel, scenario: { ...specScenario(name), fifo: run.fifo } }, options))).toEqual(run.figures);
      });
    }
  }
});
