/**
 * The scenarios the exercises are graded on: small enough to explore every
 * interleaving in well under a second, varied enough to catch the usual
 * mistakes (a marker behind a message, two initiators, a one-way ring where
 * markers travel the long way round).
 */
import { parseScenario } from "../../models/bank/parse-scenario.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { MultiSnapshotScenario } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";

const scenario = (name: string, spec: object): Scenario => parseScenario(JSON.stringify({ name, ...spec }), `grader scenario ${name}`);

const three = { P0: 100, P1: 100, P2: 100 };

/** Two processes, one transfer each way, P0 starts (spec/scenarios/two-node.json). */
export const twoNode = scenario("two-node", {
  processes: { P0: 100, P1: 100 },
  programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P0", amount: 20 }] },
  initiators: ["P0"],
});

/** Two transfers on one channel: a marker can land between them. */
export const twoTransfers = scenario("two-transfers", {
  processes: { P0: 100, P1: 100 },
  programs: {
    P0: [
      { to: "P1", amount: 10 },
      { to: "P1", amount: 30 },
    ],
    P1: [{ to: "P0", amount: 20 }],
  },
  initiators: ["P0"],
});

const ringSpec = {
  processes: three,
  channels: [
    ["P0", "P1"],
    ["P1", "P2"],
    ["P2", "P0"],
  ],
  programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P2", amount: 20 }], P2: [{ to: "P0", amount: 30 }] },
};

/** A one-way ring: P1's marker reaches P0 only through P2. */
export const ring = scenario("ring", { ...ringSpec, initiators: ["P1"] });

/** Three processes, every pair connected, and two of them may start the snapshot. */
export const twoInitiators = scenario("two-initiators", {
  processes: three,
  programs: { P0: [{ to: "P1", amount: 10 }], P2: [{ to: "P0", amount: 5 }] },
  initiators: ["P0", "P2"],
});

/** Three processes, every pair connected, a transfer passed along. */
export const threeNode = scenario("three-node", {
  processes: three,
  programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P2", amount: 5 }] },
  initiators: ["P0"],
});

const multi = (base: Scenario, name: string, snapshots: string[]): MultiSnapshotScenario => ({
  ...base,
  name,
  snapshots: snapshots.map((p) => base.processes.indexOf(p)),
});

/** P0 takes two snapshots, one after the other or overlapping. */
export const repeated = multi(twoNode, "two-node, P0 twice", ["P0", "P0"]);

/** P0 and P1 each start a snapshot on the ring. */
export const ringConcurrent = multi(scenario("ring", { ...ringSpec, initiators: ["P0", "P1"] }), "ring, P0 and P1 at once", ["P0", "P1"]);

/** P0 and P2 each start a snapshot, every pair connected. */
export const threeConcurrent = multi(
  scenario("three-node", { processes: three, programs: { P0: [{ to: "P1", amount: 10 }] }, initiators: ["P0", "P2"] }),
  "three-node, P0 and P2 at once",
  ["P0", "P2"],
);
