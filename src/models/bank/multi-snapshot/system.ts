/**
 * Several snapshots in one run, as a model the explorer can check: the bank's
 * environment unchanged, the rules told which snapshot each marker belongs
 * to, and each effect applied to its snapshot's layer.
 */
import { SnaplabError } from "../../../errors/snaplab-error.js";
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView } from "./multi-snapshot-algorithm.js";
import type { Model } from "../../../model-contract/model.js";
import type { Property } from "../../../model-contract/property.js";
import { enabledActions, type BankAction } from "../actions.js";
import { applyEffects } from "../apply-effects.js";
import { ruleCall, type RuleCallOf } from "../rule-call.js";
import { type ChannelsSeen, validEffects } from "../valid-effects.js";
import { creditTransfer, sendTransfer, takeMessage } from "../environment.js";
import { processView } from "../process-view.js";
import { bankProperties } from "../properties.js";
import { bankReduction, type RecordedLayers } from "../bank-reduction.js";
import { multiSnapshotParts } from "./multi-snapshot-parts.js";
import { RememberedMultiAnswers } from "./remembered-multi-answers.js";
import {
  initialMultiState,
  layerState,
  multiStateKey,
  nextSnapshotOf,
  withLayer,
  type MultiSnapshotScenario,
  type MultiSnapshotState,
} from "./multi-snapshot-state.js";

export function multiSnapshotSystem(scenario: MultiSnapshotScenario, algorithm: MultiSnapshotAlgorithm): Model<MultiSnapshotState, BankAction> {
  const properties = snapshotProperties(scenario);
  const answers = new RememberedMultiAnswers<readonly MultiEffect[]>(scenario);
  const layers: RecordedLayers<MultiSnapshotState> = {
    snapshots: scenario.snapshots.length,
    bank: (state) => state.bank,
    recorded: (state, s, p) => state.layers[s]!.recorded[p]!,
    recording: (state, s, c) => state.layers[s]!.recordings[c]!,
  };
  // Each snapshot's four properties about its recorded cut: the only ones checked in every state.
  const kept = properties.filter((p) => p.expectation === "always");
  return {
    initStates: () => [initialMultiState(scenario)],
    // `initiate p` starts p's next snapshot, while it has one left to start.
    actions: (state) => enabledActions(scenario, state.bank).filter((a) => a.type !== "initiate" || nextSnapshotOf(scenario, state, a.process) !== undefined),
    nextState: (state, action) => multiStep(scenario, algorithm, state, action, answers),
    properties: () => properties,
    key: multiStateKey,
    parts: multiSnapshotParts(scenario),
    reduction: bankReduction(scenario, layers, kept),
  };
}

/**
 * The five properties of spec/model.md for each snapshot, named e.g.
 * "conservation (snapshot 1)", and non-interference once for the whole run.
 */
function snapshotProperties(scenario: MultiSnapshotScenario): Property<MultiSnapshotState>[] {
  const bank = bankProperties(scenario);
  const perSnapshot = bank.filter((p) => p.name !== "non-interference");
  const nonInterference = bank.find((p) => p.name === "non-interference")!;
  return [
    ...scenario.snapshots.flatMap((_, s) =>
      perSnapshot.map((p) => ({ ...p, name: `${p.name} (snapshot ${s})`, check: (state: MultiSnapshotState) => p.check(layerState(state, s)) })),
    ),
    { ...nonInterference, check: (state: MultiSnapshotState) => nonInterference.check(state.bank) },
  ];
}

/** One step; with `answers`, the rules' answers are remembered by the layers they were asked about (remembered-multi-answers.ts). */
export function multiStep(
  scenario: MultiSnapshotScenario,
  algorithm: MultiSnapshotAlgorithm,
  state: MultiSnapshotState,
  action: BankAction,
  answers?: RememberedMultiAnswers<readonly MultiEffect[]>,
): MultiSnapshotState {
  const ask = (at: MultiSnapshotState, process: number, question: string, rule: () => readonly MultiEffect[]) =>
    answers ? answers.answer(at, process, question, rule) : rule();
  switch (action.type) {
    case "send":
      return { ...state, bank: sendTransfer(scenario, state.bank, action.process) };
    case "initiate": {
      const snapshot = nextSnapshotOf(scenario, state, action.process)!;
      const effects = ask(state, action.process, `initiate ${snapshot}`, () => algorithm.initiate(multiView(scenario, state, action.process), snapshot));
      return applyMultiEffects(scenario, state, action.process, effects, { rule: "initiate", process: scenario.processes[action.process]!, snapshot });
    }
    case "deliver": {
      const [message, bank] = takeMessage(state.bank, action.channel, action.position);
      const taken = { ...state, bank };
      const { id, to } = scenario.channels[action.channel]!;
      if (message.kind === "marker") {
        const snapshot = message.snapshot ?? 0;
        const effects = ask(taken, to, `marker ${action.channel} ${snapshot}`, () => algorithm.onMarker(multiView(scenario, taken, to), id, snapshot));
        return applyMultiEffects(scenario, taken, to, effects, { rule: "onMarker", process: scenario.processes[to]!, channel: id, snapshot });
      }
      const question = `message ${action.channel} ${JSON.stringify(message)}`;
      const effects = ask(taken, to, question, () => algorithm.onMessage(multiView(scenario, taken, to), id, message));
      const after = applyMultiEffects(scenario, taken, to, effects, { rule: "onMessage", process: scenario.processes[to]!, channel: id, message: message.id });
      return { ...after, bank: creditTransfer(after.bank, to, message) };
    }
    case "debit":
    case "transmit":
      // Runs with several snapshots keep every transfer one step (the default atomicSend).
      throw new SnaplabError("UNSUPPORTED", "several snapshots in one run need atomic sends (atomicSend: true)");
    case "lose":
    case "duplicate":
      throw new SnaplabError("UNSUPPORTED", "several snapshots in one run need reliable channels (no lossy or duplicating ones)");
  }
}

function multiView(scenario: MultiSnapshotScenario, state: MultiSnapshotState, process: number): MultiSnapshotView {
  const snapshots: Record<number, { recordings: MultiSnapshotView["snapshots"][number]["recordings"] }> = {};
  state.layers.forEach((layer, s) => {
    if (layer.recorded[process] !== null) snapshots[s] = { recordings: processView(scenario, layerState(state, s), process).recordings };
  });
  const { incoming, outgoing } = processView(scenario, state.bank, process);
  return { process: scenario.processes[process]!, incoming, outgoing, snapshots };
}

/**
 * Carries out an answer, checked first (valid-effects.ts) against the
 * process's recordings in every snapshot: the view shows only those it has
 * recorded in, and an answer is remembered by what the view shows, so the
 * check is made here, at each step.
 */
function applyMultiEffects(
  scenario: MultiSnapshotScenario,
  state: MultiSnapshotState,
  process: number,
  answer: readonly MultiEffect[],
  call: RuleCallOf,
): MultiSnapshotState {
  // Most answers are empty: nothing to check against, and no recordings gathered for it.
  if (Array.isArray(answer) && answer.length === 0) return state;
  const channels = everySnapshotsChannels(scenario, state, process);
  const asked = call.rule === "onMessage" ? undefined : call.snapshot;
  const effects = validEffects(scenario, answer, { rule: ruleCall(call), channels, snapshots: scenario.snapshots.length, asked }) as MultiEffect[];
  // Effects in a row on one snapshot are carried out together on its layer (as one by one, with fewer views made).
  let current = state;
  let run: MultiEffect[] = [];
  const carryOut = () => {
    if (run.length > 0) current = withLayer(current, run[0]!.snapshot, applyEffects(scenario, layerState(current, run[0]!.snapshot), process, run));
    run = [];
  };
  for (const effect of effects) {
    if (run.length > 0 && run[0]!.snapshot !== effect.snapshot) carryOut();
    run.push(effect);
  }
  carryOut();
  return current;
}

/** The process's channels, with their recordings in every snapshot, whether it has recorded in it or not. */
function everySnapshotsChannels(scenario: MultiSnapshotScenario, state: MultiSnapshotState, process: number): ChannelsSeen {
  const { incoming, outgoing } = processView(scenario, state.bank, process);
  const snapshots = state.layers.map((_, s) => ({ recordings: processView(scenario, layerState(state, s), process).recordings }));
  return { process: scenario.processes[process]!, incoming, outgoing, snapshots };
}
