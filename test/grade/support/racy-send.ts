/**
 * Seed 001's Go bank simulator, where StartSnapshot runs on another goroutine
 * than the account's transfer loop: a transfer's debit and its send are two
 * steps, and a snapshot can be recorded between them. Rules alone cannot say
 * this (a rule never sees half a transfer), so it is a variant of the bank
 * whose `send p` is split into `debit p` then `send p`, run with exercise 1's
 * checks and the reference rules (the Go code's rules are Chandy-Lamport's).
 */
import type { SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import type { BankAction } from "../../../src/models/bank/actions.js";
import type { Scenario } from "../../../src/models/bank/scenario.js";
import type { BankState } from "../../../src/models/bank/bank-state.js";
import { sendTransfer } from "../../../src/models/bank/environment.js";
import { bankSystem } from "../../../src/models/bank/system.js";
import type { Property } from "../../../src/model-contract/property.js";
import { bankGradedSystem } from "../../../src/grade/exercises/bank-check.js";
import { markerRules } from "../../../src/grade/graded-rules/step-rules.js";
import type { GradedSystem } from "../../../src/grade/graded-rules/graded-system.js";

export type RacyAction = BankAction | { readonly type: "debit"; readonly process: number };

export interface RacyState {
  readonly bank: BankState;
  /** Processes whose next transfer is debited but not yet sent. */
  readonly debited: readonly boolean[];
}

export function racySendSystem(scenario: Scenario, rules: SnapshotAlgorithm): GradedSystem<RacyState, RacyAction> {
  const bank = bankSystem(scenario, rules);
  const single = bankGradedSystem(scenario, rules);
  const amount = (state: RacyState, p: number) => scenario.programs[p]![state.bank.processes[p]!.pc]!.amount;
  const lift = (p: Property<BankState>): Property<RacyState> => ({ ...p, check: (state) => p.check(state.bank) });
  return {
    model: {
      initStates: () => bank.initStates().map((state) => ({ bank: state, debited: scenario.processes.map(() => false) })),
      actions: (state) =>
        bank.actions(state.bank).map((a): RacyAction => (a.type === "send" && !state.debited[a.process] ? { type: "debit", process: a.process } : a)),
      nextState(state, action) {
        const debited = state.debited.slice();
        if (action.type === "debit") {
          const processes = state.bank.processes.slice();
          processes[action.process] = { ...processes[action.process]!, balance: processes[action.process]!.balance - amount(state, action.process) };
          debited[action.process] = true;
          return { bank: { ...state.bank, processes }, debited };
        }
        if (action.type === "send") {
          // The debit is done: the send only moves the message (sendTransfer debits, so give it back).
          const refund = amount(state, action.process);
          const sent = sendTransfer(scenario, state.bank, action.process);
          const processes = sent.processes.slice();
          processes[action.process] = { ...processes[action.process]!, balance: processes[action.process]!.balance + refund };
          debited[action.process] = false;
          return { bank: { ...sent, processes }, debited };
        }
        return { bank: bank.nextState(state.bank, action), debited };
      },
      properties: () => [],
      key: (state) => `${bank.key(state.bank)}/${state.debited.map(Number).join("")}`,
    },
    stepRules: markerRules<RacyState>(scenario, {
      layer: (state) => state.bank,
      starts: (_, action) => action.type === "initiate",
    }),
    properties: single.properties.map(lift),
    describeStep: (before, action, after) =>
      action.type === "debit"
        ? `${scenario.processes[action.process]} debits ${amount(before, action.process)} for its next transfer, balance ${after.bank.processes[action.process]!.balance}`
        : single.describeStep(before.bank, action, after.bank),
    describeEnd: (state) => single.describeEnd(state.bank),
  };
}
