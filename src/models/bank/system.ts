/**
 * The bank with a snapshot algorithm, as a model the explorer can check.
 * Next is split as in a TLA+ spec: the environment (environment.ts) moves
 * money; the algorithm (a SnapshotAlgorithm) decides what gets recorded.
 */
import type { SnapshotAlgorithm } from "./algorithms/snapshot-algorithm.js";
import type { Model } from "../../model-contract/model.js";
import { enabledActions, type BankAction } from "./actions.js";
import { applyEffects } from "./apply-effects.js";
import type { DeliveredMessage, Effect, ProcessView } from "./algorithms/snapshot-algorithm.js";
import { bufferTransfer, creditTransfer, debitTransfer, keepCopy, sendTransfer, takeMessage, transmitTransfer } from "./environment.js";
import { hasFaults } from "./faults.js";
import { colourOf } from "./message-colours.js";
import { processView } from "./process-view.js";
import { bankParts } from "./bank-parts.js";
import { bankProperties, snapshotPropertyNames } from "./properties.js";
import { bankReduction, oneSnapshot } from "./bank-reduction.js";
import type { Scenario } from "./scenario.js";
import { faultyStateKey, initialState, messageKey, stateKey, type BankState, type DataMessage } from "./bank-state.js";
import { RememberedAnswers } from "./remembered-answers.js";
import { ruleCall, type RuleCallOf } from "./rule-call.js";
import { validEffects } from "./valid-effects.js";

export function bankSystem(scenario: Scenario, algorithm: SnapshotAlgorithm): Model<BankState, BankAction> {
  const properties = bankProperties(scenario);
  const answers = new RememberedAnswers<readonly Effect[]>(scenario);
  return {
    initStates: () => [initialState(scenario)],
    actions: (state) => enabledActions(scenario, state),
    nextState: (state, action) => step(scenario, algorithm, state, action, answers),
    properties: () => properties,
    key: hasFaults(scenario) ? faultyStateKey : stateKey,
    parts: bankParts(scenario),
    // Lost and duplicated messages are not steps of one process: unreliable channels are searched unreduced.
    ...(hasFaults(scenario)
      ? {}
      : {
          reduction: bankReduction(
            scenario,
            oneSnapshot,
            properties.filter((p) => snapshotPropertyNames.has(p.name)),
          ),
        }),
  };
}

/**
 * One step; with `answers`, the rules' answers are remembered by the parts
 * they were asked about (remembered-answers.ts). Each answer is checked
 * (valid-effects.ts) as it is given, against the view the rule saw: the
 * check reads only what the answer is remembered by, the process's incoming
 * recordings and the question.
 */
export function step(
  scenario: Scenario,
  algorithm: SnapshotAlgorithm,
  state: BankState,
  action: BankAction,
  answers?: RememberedAnswers<readonly Effect[]>,
): BankState {
  const ask = (at: BankState, process: number, question: string, call: RuleCallOf, rule: (view: ProcessView) => readonly Effect[], delivered?: DataMessage) => {
    const answer = () => {
      const view = processView(scenario, at, process);
      return validEffects(scenario, rule(view), { rule: ruleCall(call), channels: view, ...(delivered ? { delivered } : {}) });
    };
    return answers ? answers.answer(at, process, question, answer) : answer();
  };
  switch (action.type) {
    case "send":
      return sendTransfer(scenario, state, action.process);
    case "debit":
      return debitTransfer(scenario, state, action.process);
    case "transmit":
      return transmitTransfer(scenario, state, action.process);
    case "initiate": {
      const process = scenario.processes[action.process]!;
      const effects = ask(state, action.process, "initiate", { rule: "initiate", process }, (view) => algorithm.initiate(view));
      return applyEffects(scenario, state, action.process, effects);
    }
    case "lose":
      return takeMessage(state, action.channel, action.position)[1];
    case "duplicate": {
      // A delivery like any other, after which a copy of the message is in flight in its place.
      const message = state.channels[action.channel]!.queue[action.position]!;
      return keepCopy(step(scenario, algorithm, state, { ...action, type: "deliver" }, answers), action.channel, action.position, message);
    }
    case "deliver": {
      const [message, taken] = takeMessage(state, action.channel, action.position);
      const { id, to } = scenario.channels[action.channel]!;
      const process = scenario.processes[to]!;
      if (message.kind === "marker") {
        const question = `marker ${action.channel} ${messageKey(message)}`;
        const effects = ask(taken, to, question, { rule: "onMarker", process, channel: id }, (view) => algorithm.onMarker(view, id, message));
        return applyEffects(scenario, taken, to, effects);
      }
      // The rule sees the message arrive before the process takes it, so it
      // can still record a state without it (as Lai-Yang's rule needs).
      const arriving = delivered(scenario, taken, message);
      const question = `message ${action.channel} ${message.id} ${message.amount} ${arriving.colour}${message.copy ? "'" : ""}`;
      const call: RuleCallOf = { rule: "onMessage", process, channel: id, message: message.id };
      const effects = ask(taken, to, question, call, (view) => algorithm.onMessage(view, id, arriving), arriving);
      const after = applyEffects(scenario, taken, to, effects);
      const kept = effects.some((effect) => effect.type === "buffer-message");
      return kept ? bufferTransfer(after, to, message) : creditTransfer(after, to, message);
    }
  }
}

/** The message as the rules are handed it, with its colour. */
function delivered(scenario: Scenario, state: BankState, message: DataMessage): DeliveredMessage {
  return { ...message, colour: colourOf(scenario, state, message.id) };
}
