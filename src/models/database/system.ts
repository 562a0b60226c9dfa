/**
 * The database with a snapshot design, as a model the explorer can check.
 * Next is split as in the bank: transactions.ts commits, the design decides
 * what is recorded, when gates close and what is redone.
 */
import type { Model } from "../../model-contract/model.js";
import { enabledDatabaseActions, type DatabaseAction } from "./actions.js";
import { applyDatabaseEffects } from "./apply-effects.js";
import type { DatabaseDesign } from "./design.js";
import { nodeView } from "./node-view.js";
import { databaseParts } from "./database-parts.js";
import { databaseProperties } from "./properties.js";
import type { DatabaseScenario } from "./scenario.js";
import { databaseStateKey, type DatabaseState } from "./database-state.js";
import { commitCredit, commitTransaction, takeFirst } from "./transactions.js";

export function initialDatabaseState(scenario: DatabaseScenario): DatabaseState {
  return {
    nodes: scenario.initialBalances.map((balances) => ({ pc: 0, balances, credits: [], recorded: null, restored: null, gateClosed: false, notes: [] })),
    channels: scenario.channels.map(() => ({ queue: [], recording: { status: "idle" } })),
  };
}

export function databaseSystem(scenario: DatabaseScenario, design: DatabaseDesign): Model<DatabaseState, DatabaseAction> {
  const properties = databaseProperties(scenario);
  return {
    initStates: () => [initialDatabaseState(scenario)],
    actions: (state) => enabledDatabaseActions(scenario, design, state),
    nextState: (state, action) => databaseStep(scenario, design, state, action),
    properties: () => properties,
    key: databaseStateKey,
    parts: databaseParts(scenario),
  };
}

function databaseStep(scenario: DatabaseScenario, design: DatabaseDesign, state: DatabaseState, action: DatabaseAction): DatabaseState {
  switch (action.type) {
    case "commit":
      return commitTransaction(scenario, state, action.node);
    case "protocol": {
      const step = design.steps(nodeView(scenario, state, action.node)).find((s) => s.name === action.step)!;
      return applyDatabaseEffects(scenario, state, action.node, step.effects, action.step);
    }
    case "deliver": {
      const [message, taken] = takeFirst(state, action.channel);
      const { id, to } = scenario.channels[action.channel]!;
      const view = nodeView(scenario, taken, to);
      if (message.kind === "signal") return applyDatabaseEffects(scenario, taken, to, design.onSignal(view, id, message.signal), "onSignal");
      const effects = design.onCredit(view, id, message);
      const after = applyDatabaseEffects(scenario, taken, to, effects, "onCredit", { credit: message, channel: action.channel });
      return commitCredit(after, to, message);
    }
  }
}
