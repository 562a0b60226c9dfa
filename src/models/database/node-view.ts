/** The part of the database's state a design may see: its own node. */
import type { NodeView } from "./design.js";
import type { DatabaseScenario } from "./scenario.js";
import type { DatabaseChannelRecording, DatabaseState } from "./database-state.js";

export function nodeView(scenario: DatabaseScenario, state: DatabaseState, node: number): NodeView {
  const n = state.nodes[node]!;
  const recordings: Record<string, DatabaseChannelRecording> = {};
  const incoming: string[] = [];
  const outgoing: string[] = [];
  let unfinished = 0;
  scenario.channels.forEach((channel, c) => {
    if (channel.to === node) {
      incoming.push(channel.id);
      recordings[channel.id] = state.channels[c]!.recording;
    }
    if (channel.from === node) {
      outgoing.push(channel.id);
      unfinished += state.channels[c]!.queue.filter((m) => m.kind === "credit").length;
    }
  });
  return {
    node: scenario.nodes[node]!,
    isInitiator: scenario.initiators.includes(node),
    hasRecorded: n.recorded !== null,
    incoming,
    outgoing,
    recordings,
    gateClosed: n.gateClosed,
    notes: n.notes,
    unfinished,
  };
}
