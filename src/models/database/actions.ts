/**
 * The database's actions, each a verb with its subject: `commit` belongs to
 * the application, `deliver` to the network, `protocol` to the design (a step
 * the node takes on its own, named by the design).
 */
import type { DatabaseDesign } from "./design.js";
import { nodeView } from "./node-view.js";
import { isDistributed, type DatabaseScenario } from "./scenario.js";
import type { DatabaseState } from "./database-state.js";

export type DatabaseAction =
  | { readonly type: "commit"; readonly node: number }
  | { readonly type: "deliver"; readonly channel: number }
  | { readonly type: "protocol"; readonly node: number; readonly step: string };

/** Is `node`'s next transaction a distributed one that its closed gate holds back? */
export function isWaiting(scenario: DatabaseScenario, state: DatabaseState, node: number): boolean {
  const next = scenario.programs[node]![state.nodes[node]!.pc];
  return next !== undefined && isDistributed(next) && state.nodes[node]!.gateClosed;
}

/** The enabled actions, in a fixed order: per node commit then its design steps, then deliveries per channel. */
export function enabledDatabaseActions(scenario: DatabaseScenario, design: DatabaseDesign, state: DatabaseState): DatabaseAction[] {
  const actions: DatabaseAction[] = [];
  state.nodes.forEach((n, node) => {
    if (n.pc < scenario.programs[node]!.length && !isWaiting(scenario, state, node)) actions.push({ type: "commit", node });
    for (const { name } of design.steps(nodeView(scenario, state, node))) actions.push({ type: "protocol", node, step: name });
  });
  state.channels.forEach(({ queue }, channel) => {
    if (queue.length > 0) actions.push({ type: "deliver", channel });
  });
  return actions;
}
