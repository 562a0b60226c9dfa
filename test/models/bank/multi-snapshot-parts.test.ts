import { describe, expect, it } from "vitest";
import { explorePacked } from "../../../src/explore/search-pipeline.js";
import { exploreModel } from "../../../src/explore/generic-explorer.js";
import type { Exploration } from "../../../src/explore/exploration.js";
import { InternedModel } from "../../../src/explore/interned-model.js";
import { gradedSystemModel } from "../../../src/grade/graded-rules/graded-system.js";
import { multiGradedSystem } from "../../../src/grade/exercises/concurrent-snapshots.js";
import { repeated, threeConcurrent } from "../../../src/grade/exercises/scenarios.js";
import type { Model } from "../../../src/model-contract/model.js";
import { chandyLamportPerSnapshot } from "../../../src/models/bank/multi-snapshot/chandy-lamport-per-snapshot.js";
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView } from "../../../src/models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import { multiSnapshotParts } from "../../../src/models/bank/multi-snapshot/multi-snapshot-parts.js";
import { multiStateKey, type MultiSnapshotScenario } from "../../../src/models/bank/multi-snapshot/multi-snapshot-state.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { multiSnapshotSystem } from "../../../src/models/bank/multi-snapshot/system.js";
import { readableBfs } from "../../support/readable-bfs.js";

// Small scenarios: two snapshots by one process (repeated), two at once on three processes (threeConcurrent), two at once without FIFO.
const twoAtOnceNonFifo: MultiSnapshotScenario = {
  ...parseScenario(
    JSON.stringify({
      name: "two-node, one transfer, two snapshots, non-FIFO",
      processes: { P0: 100, P1: 100 },
      programs: { P0: [{ to: "P1", amount: 10 }] },
      initiators: ["P0", "P1"],
      fifo: false,
    }),
    "two.json",
  ),
  snapshots: [0, 1],
};

const record = (view: MultiSnapshotView, snapshot: number): MultiEffect[] => [
  { type: "record-state", snapshot },
  ...view.outgoing.map((channel): MultiEffect => ({ type: "send-marker", channel, snapshot })),
  ...view.incoming.map((channel): MultiEffect => ({ type: "start-recording", channel, snapshot })),
];
const reference = chandyLamportPerSnapshot;
/** Wrong in the layers it reads: a message goes to the newest open recording only (channel-state breaks). */
const newestOnly: MultiSnapshotAlgorithm = {
  ...reference,
  name: "newest only",
  onMessage(view, channel, message) {
    const open = Object.keys(view.snapshots)
      .map(Number)
      .filter((s) => view.snapshots[s]!.recordings[channel]!.status === "open");
    return open.length === 0 ? [] : [{ type: "record-message", channel, message, snapshot: Math.max(...open) }];
  },
};
/** Records again at every marker (records-once breaks), and records messages on closed channels (refused effects). */
const recordsAgain: MultiSnapshotAlgorithm = {
  name: "records again",
  initiate: record,
  onMarker: (view, channel, snapshot) => [...record(view, snapshot), { type: "stop-recording", channel, snapshot }],
  onMessage: (view, channel, message) =>
    Object.keys(view.snapshots).map((s): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(s) })),
};

const graded = (scenario: MultiSnapshotScenario, rules: MultiSnapshotAlgorithm) => gradedSystemModel(multiGradedSystem(scenario, rules));

function figures<State, Action>(exploration: Exploration<State, Action>) {
  return {
    states: exploration.states,
    transitions: exploration.transitions,
    executions: exploration.executions,
    terminal: exploration.terminalStates.length,
    violations: exploration.violations.map((v) => ({ property: v.property, reason: v.reason, steps: v.path.actions.length })),
  };
}

/** Explores with the parts' footprints, and says how many steps were taken and reused. */
function exploreCounting<State, Action>(model: Model<State, Action>) {
  const interned = new InternedModel(model);
  const exploration = explorePacked(model, { model: interned, decode: (vector, at) => interned.decode(vector, at), engine: "generic" });
  return { exploration, steps: interned.stepCounts };
}

describe("the several-snapshots bank's parts", () => {
  const nonFifoBroken = ["channel-state", "conservation", "reachable"].flatMap((p) => [0, 1].map((s) => `${p} (snapshot ${s})`));
  // Each with the properties it breaks, so that the comparisons compare counterexamples too.
  const cases = [
    [repeated, reference, []],
    [repeated, newestOnly, ["channel-state (snapshot 0)", "conservation (snapshot 0)", "reachable (snapshot 0)"]],
    [repeated, recordsAgain, ["records-once (snapshot 0)", "well-formed-effects"]],
    [twoAtOnceNonFifo, reference, [...nonFifoBroken, "no-ghost-receive (snapshot 0)"]],
    [twoAtOnceNonFifo, recordsAgain, ["records-once (snapshot 0)", "records-once (snapshot 1)", "well-formed-effects"]],
    [threeConcurrent, recordsAgain, ["records-once (snapshot 0)", "records-once (snapshot 1)", "well-formed-effects"]],
  ] as const;

  it.each(cases.map(([scenario, rules, broken]) => [scenario.name, rules.name, scenario, rules, broken] as const))(
    "should explore %s with %s as the readable explorer does, plain and graded",
    (_, __, scenario, algorithm, broken) => {
      const plain = multiSnapshotSystem(scenario, algorithm);
      // The plain model throws at a refused effect; the graded one ends the run there.
      if (algorithm !== recordsAgain) expect(figures(exploreModel(plain))).toEqual(figures(readableBfs(plain)));
      const model = graded(scenario, algorithm);
      const { exploration, steps } = exploreCounting(model);
      expect(figures(exploration)).toEqual(figures(readableBfs(model)));
      expect([...exploration.violations.map((v) => v.property)].sort()).toEqual([...broken].sort());
      // A step is taken once per distinct footprint, then reused.
      expect(steps.reused).toBeGreaterThan(0);
    },
  );

  it("should ask its rules each distinct question once, whatever search asks, with the same figures", () => {
    // Where every property holds: a counterexample is replayed on states made anew, which ask again.
    for (const scenario of [repeated, threeConcurrent]) {
      const counting = () => {
        const asked: string[] = [];
        const algorithm: MultiSnapshotAlgorithm = {
          name: "counting",
          initiate: (view, snapshot) => (asked.push(JSON.stringify(["initiate", view, snapshot])), reference.initiate(view, snapshot)),
          onMarker: (view, channel, snapshot) => (
            asked.push(JSON.stringify(["onMarker", view, channel, snapshot])), reference.onMarker(view, channel, snapshot)
          ),
          onMessage: (view, channel, message) => (
            asked.push(JSON.stringify(["onMessage", view, channel, message])), reference.onMessage(view, channel, message)
          ),
        };
        return { asked, model: multiSnapshotSystem(scenario, algorithm) };
      };
      const [interned, readable] = [counting(), counting()];
      expect(figures(exploreModel(interned.model))).toEqual(figures(readableBfs(readable.model)));
      // The explorer hands over interned parts: no question twice. The readable search makes equal parts anew, and asks again.
      expect(new Set(interned.asked).size).toBe(interned.asked.length);
      expect(readable.asked.length).toBeGreaterThan(interned.asked.length);
      // Both meet the same questions: none was answered with another's answer.
      expect([...interned.asked].sort()).toEqual([...new Set(readable.asked)].sort());
    }
  });

  it("should split a state into parts that join back to it, with the same parts exactly when the same key", () => {
    const scenario = twoAtOnceNonFifo;
    const parts = multiSnapshotParts(scenario);
    const model = multiSnapshotSystem(scenario, reference);
    // The same states twice, as different objects: as the model made them, and as the search joined them from parts.
    const states = [...model.initStates(), ...readableBfs(model).terminalStates, ...exploreModel(model).terminalStates];
    const byKey = new Map<string, string>();
    for (const state of states) {
      const split = parts.split(state);
      expect(split).toHaveLength(parts.count);
      const joined = parts.join(split);
      expect(joined).toEqual(state);
      expect(parts.split(joined).every((part, slot) => part === split[slot])).toBe(true);
      const partKeys = split.map((part, slot) => parts.key(part, slot)).join("\n");
      expect(byKey.get(multiStateKey(state)) ?? partKeys).toBe(partKeys);
      byKey.set(multiStateKey(state), partKeys);
    }
    expect(new Set(byKey.values()).size).toBe(byKey.size);
    // Every part in one group: one per process.
    expect(parts.groups!.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: parts.count }, (_, slot) => slot));
    expect(parts.groups).toHaveLength(scenario.processes.length);
  });
});
