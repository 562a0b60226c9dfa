/**
 * Several snapshots in one scenario file: a bank scenario with a `snapshots`
 * field (the process that starts each snapshot, in id order) runs the
 * multi-snapshot system (system.ts beside this file) instead of the one-
 * snapshot bank, through the same descriptor, so that explore, replay,
 * random walks and promela read such a file like any other bank scenario.
 * Everything else about the file is the bank's; the reference rules are
 * Chandy-Lamport once per snapshot id.
 */
import type { ModelDescriptor } from "../../../check/model-descriptor.js";
import { exploreModel } from "../../../explore/generic-explorer.js";
import { SnaplabError } from "../../../errors/snaplab-error.js";
import { parseFields, SCENARIO_LIMITS, type ScenarioField } from "../../../scenario/scenario-fields.js";
import { formatAction, type BankAction } from "../actions.js";
import { algorithmNames, findAlgorithm } from "../algorithms/registry.js";
import type { SnapshotAlgorithm } from "../algorithms/snapshot-algorithm.js";
import type { BankState } from "../bank-state.js";
import type { Scenario } from "../scenario.js";
import { formatSnapshot, recordedSnapshot, snapshotKey, type RecordedSnapshot } from "../snapshot.js";
import { promelaMultiSnapshotModel } from "../promela/promela-multi-snapshot.js";
import { describeMultiStep } from "./describe-multi-snapshot-step.js";
import { multiSnapshotSpaceTime } from "./multi-snapshot-space-time.js";
import { layerState, type MultiSnapshotScenario, type MultiSnapshotState } from "./multi-snapshot-state.js";
import { formatSnapshots, multiStateLines } from "./multi-snapshot-state-text.js";
import { multiSnapshotSystem } from "./system.js";
import { plural } from "../../../render/count-words.js";

type BankDescriptor = ModelDescriptor<Scenario, BankState, BankAction, SnapshotAlgorithm, RecordedSnapshot>;

export const snapshotsField: ScenarioField<MultiSnapshotScenario> = {
  key: "snapshots",
  meaning:
    "optional list of processes, one per snapshot: snapshot k is started by the k-th (a process may start several, in id order; each must be an initiator; at most 64 snapshots). Given, the run takes all these snapshots, each checked for the five properties (the multi-snapshot bank); left out, one snapshot started by any initiator",
  read: (value, before, { fail }) => {
    if (value === undefined) return {};
    const processes = before.processes!;
    if (before.atomicSend === false) fail("atomicSend", "several snapshots in one run need atomic sends (leave atomicSend out)");
    if (!Array.isArray(value) || value.length === 0) fail("snapshots", "must be a non-empty list of processes");
    const count = (value as unknown[]).length;
    if (count > SCENARIO_LIMITS.snapshots) fail("snapshots", `at most ${SCENARIO_LIMITS.snapshots} snapshots in a run, got ${count}`);
    const faulty = before as Partial<Scenario>;
    if (faulty.lossy !== undefined || faulty.duplicating !== undefined) {
      fail("snapshots", "several snapshots in one run need reliable channels (no lossy or duplicating ones)");
    }
    const rules = findAlgorithm(before.algorithm ?? "chandy-lamport");
    if (!rules.perSnapshot) {
      const able = algorithmNames().filter((name) => findAlgorithm(name).perSnapshot);
      fail("algorithm", `several snapshots in one run (snapshots) need rules written for them, and ${rules.name} has none (${able.join(", ")} has)`);
    }
    const snapshots = (value as unknown[]).map((name, k) => {
      const p = typeof name === "string" ? processes.indexOf(name) : -1;
      if (p < 0) fail(`snapshots[${k}]`, `unknown process ${JSON.stringify(name)} (the processes are ${processes.join(", ")})`);
      if (!before.initiators!.includes(p)) fail(`snapshots[${k}]`, `${name} starts a snapshot, so it must be listed in initiators`);
      return p;
    });
    return { snapshots };
  },
};

export function hasSeveralSnapshots(scenario: Scenario): scenario is MultiSnapshotScenario {
  return Array.isArray((scenario as Partial<MultiSnapshotScenario>).snapshots);
}

/** The bank's descriptor, reading and running scenarios with a `snapshots` field as the multi-snapshot bank. */
export function withSeveralSnapshots(bank: BankDescriptor): BankDescriptor {
  // Inside, a multi-snapshot scenario's states are MultiSnapshotStates; the descriptor's types are the bank's (hence `as never`).
  const several = (scenario: Scenario): scenario is MultiSnapshotScenario => hasSeveralSnapshots(scenario);
  // `snapshots` read as one more of the bank's fields, so that an unknown key is told of it too ("snapshot": did you mean snapshots?).
  const fields = [...bank.fields, snapshotsField] as readonly ScenarioField<Scenario>[];
  return {
    ...bank,
    fields: fields as readonly ScenarioField[],
    parse: (text, file) => parseFields(text, file, fields),
    runTitle: (scenario, rules) =>
      `${bank.runTitle!(scenario, rules)}${several(scenario) ? `, ${scenario.snapshots.length} ${plural("snapshot", scenario.snapshots.length)}` : ""}`,
    build: (scenario, rules) => (several(scenario) ? (multiSnapshotSystem(scenario, multiRules(rules)) as never) : bank.build(scenario, rules)),
    describeStep: (scenario, rules, before, action, after) =>
      several(scenario) ? describeMultiStep(scenario, before as never, action, after as never) : bank.describeStep(scenario, rules, before, action, after),
    spaceTime: (scenario, rules, violation) =>
      several(scenario) ? multiSnapshotSpaceTime(scenario, violation as never) : bank.spaceTime(scenario, rules, violation),
    trace: {
      scenarioJson: (scenario) => ({
        ...bank.trace!.scenarioJson(scenario),
        ...(several(scenario) ? { snapshots: scenario.snapshots.map((p) => scenario.processes[p]) } : {}),
      }),
      actionName: (scenario, state, action) => formatAction(scenario, several(scenario) ? (state as unknown as MultiSnapshotState).bank : state, action),
      stateLines: (scenario, state) => (several(scenario) ? multiStateLines(scenario, state as never) : bank.trace!.stateLines(scenario, state)),
    },
    describeEnd: (scenario, state) => (several(scenario) ? formatSnapshots(scenario, state as never) : bank.describeEnd!(scenario, state)),
    recordedSnapshots: (scenario, states) =>
      several(scenario) ? (distinctSnapshotTuples(scenario, states as never) as never) : bank.recordedSnapshots!(scenario, states),
    report: {
      // --list-snapshots tabulates one snapshot a run; with several, each outcome is a line per snapshot id.
      text: (report, options) => {
        if (!several(report.scenario) || !options.listSnapshots) return bank.report!.text(report, options);
        const outcomes = (report.snapshots ?? []) as unknown as RecordedSnapshot[][];
        const lines = outcomes.flatMap((tuple, i) =>
          tuple.map((snapshot, s) => `  ${s === 0 ? `${i + 1}.`.padStart(5) : "     "} [${s}] ${formatSnapshot(snapshot)}`),
        );
        return `${bank.report!.text(report, { ...options, listSnapshots: false })}\nrecorded snapshots (each outcome: what every snapshot recorded):\n${lines.join("\n")}\n`;
      },
      json: (report, options) => bank.report!.json(report, options),
    },
    promela: (scenario, file) => {
      if (!several(scenario)) return bank.promela!(scenario, file);
      // The one-snapshot model's refusals (rules, fields, sizes) hold for several snapshots too.
      const { snapshots: _, ...one } = scenario;
      bank.promela!(one, file);
      return promelaMultiSnapshotModel(scenario);
    },
    explore: (scenario, rules, model, options) => {
      if (!several(scenario)) return bank.explore!(scenario, rules, model, options);
      const result = exploreModel(model, options);
      return { ...result, search: { ...result.search, fallback: "several snapshots in one run: the compact engine models one" } };
    },
  };
}

/** Several snapshots in one run take rules written for them: the reference rules once per snapshot, or a learner's (exercise 6). */
function multiRules(rules: SnapshotAlgorithm) {
  if (rules.perSnapshot) return rules.perSnapshot;
  throw new SnaplabError(
    "UNSUPPORTED",
    `several snapshots in one run (snapshots) need rules written for them: chandy-lamport's, or a learner's file as exercise 6 writes them (--rules); ${rules.name} has none`,
  );
}

/** The distinct tuples of snapshots recorded in `states`, one recorded snapshot per id, in first-seen order. */
function distinctSnapshotTuples(scenario: MultiSnapshotScenario, states: readonly MultiSnapshotState[]): RecordedSnapshot[][] {
  const seen = new Map<string, RecordedSnapshot[]>();
  for (const state of states) {
    const layers = scenario.snapshots.map((_, s) => layerState(state, s));
    const key = layers.map(snapshotKey).join("|");
    if (!seen.has(key))
      seen.set(
        key,
        layers.map((layer) => recordedSnapshot(scenario, layer)),
      );
  }
  return [...seen.values()];
}
