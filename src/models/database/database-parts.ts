/**
 * The database's state as a row of parts for the explorer (StateParts), as
 * the bank's is (bank-parts.ts): each node, each channel's queue, each
 * channel's recording. A step touches one node and a few channels, so most
 * parts of a successor are the parts of the state before it.
 *
 * A step's footprint. A design sees one node (node-view.ts): the node
 * itself, the recordings of its incoming channels, and the queues of its
 * outgoing ones (how many of its credits are still on their way); its
 * effects change only those (apply-effects.ts refuses any other channel), so
 * they are a node's own parts, whatever the design. A design's own step
 * touches its node's own parts; a delivery also takes from its channel's
 * queue, and its node (the receiver) commits a credit there. A commit reads
 * and changes its node, and a distributed one the queue its credit goes on.
 * Nothing is global: which nodes are initiators is the scenario's.
 *
 * Parts are stored in one group per node, with its outgoing queues and its
 * incoming recordings, so a state is kept as one number per node.
 *
 * Each part's key is the piece of the state's key it stands for
 * (databaseStateKey), so two states have the same parts exactly when they
 * have the same key.
 */
import type { StateParts, StepFootprint } from "../../model-contract/state-parts.js";
import type { DatabaseAction } from "./actions.js";
import {
  databaseNodeKey,
  databaseQueueKey,
  databaseRecordingKey,
  type DatabaseChannelRecording,
  type DatabaseMessage,
  type DatabaseState,
  type NodeState,
} from "./database-state.js";
import type { DatabaseScenario } from "./scenario.js";

export function databaseParts(scenario: DatabaseScenario): StateParts<DatabaseState, DatabaseAction> {
  const nodes = scenario.nodes.length;
  const channels = scenario.channels.length;
  const queue = (c: number) => nodes + c;
  const recording = (c: number) => nodes + channels + c;
  // What a node's own step touches, whatever its design: one group each.
  const own = scenario.nodes.map((_, node) => [
    node,
    ...scenario.channels.flatMap((ch, c) => (ch.from === node ? [queue(c)] : [])),
    ...scenario.channels.flatMap((ch, c) => (ch.to === node ? [recording(c)] : [])),
  ]);
  // Made once per action (the explorer finds a step's memo by its footprint object).
  const localCommits = own.map((_, node): StepFootprint => ({ key: `commit ${node}`, slots: [node] }));
  const sentCommits = own.map((_, node) => scenario.channels.map((_, c): StepFootprint => ({ key: `commit ${node} ${c}`, slots: [node, queue(c)] })));
  const deliveries = scenario.channels.map(({ to }, c): StepFootprint => ({ key: `deliver ${c}`, slots: [...own[to]!, queue(c)] }));
  const designSteps = own.map(() => new Map<string, StepFootprint>());

  return {
    count: nodes + 2 * channels,
    groups: own,
    split: (state) => [...state.nodes, ...state.channels.map((c) => c.queue), ...state.channels.map((c) => c.recording)],
    join(parts) {
      const queues = parts.slice(nodes, nodes + channels) as (readonly DatabaseMessage[])[];
      return {
        nodes: parts.slice(0, nodes) as NodeState[],
        channels: queues.map((queue, c) => ({ queue, recording: parts[recording(c)] as DatabaseChannelRecording })),
      };
    },
    key(part, slot) {
      if (slot < nodes) return databaseNodeKey(part as NodeState);
      if (slot < nodes + channels) return databaseQueueKey(part as readonly DatabaseMessage[]);
      return databaseRecordingKey(part as DatabaseChannelRecording);
    },
    footprint(state, action) {
      switch (action.type) {
        case "commit": {
          const node = action.node;
          // The transaction is the node's next: its pc is in its part, so the channel is too.
          const channel = scenario.programs[node]![state.nodes[node]!.pc]?.channel;
          return channel === undefined ? localCommits[node]! : sentCommits[node]![channel]!;
        }
        case "deliver":
          return deliveries[action.channel]!;
        case "protocol": {
          const steps = designSteps[action.node]!;
          let footprint = steps.get(action.step);
          if (!footprint) steps.set(action.step, (footprint = { key: `protocol ${action.node} ${action.step}`, slots: own[action.node]! }));
          return footprint;
        }
      }
    },
  };
}
