/**
 * Carries out a design's effects on the database's state, one by one, and
 * refuses any effect its node could not do (a channel that is not its own, a
 * redo before recording).
 */
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import type { DatabaseEffect } from "./design.js";
import type { DatabaseScenario } from "./scenario.js";
import {
  imageOf,
  logLength,
  type DatabaseChannelState,
  type Credit,
  type DatabaseState,
  type LoggedCredit,
  type NodeImage,
  type NodeState,
} from "./database-state.js";

export function applyDatabaseEffects(
  scenario: DatabaseScenario,
  state: DatabaseState,
  node: number,
  effects: readonly DatabaseEffect[],
  rule: string,
  /** For onCredit: the credit being delivered and the channel it came on. */
  arriving?: { readonly credit: Credit; readonly channel: number },
): DatabaseState {
  const nodes = state.nodes.slice();
  const channels = state.channels.slice();
  const who = scenario.nodes[node]!;
  const fail = (problem: string): never => {
    throw new MalformedEffectError(`${rule} at ${who}: ${problem}`);
  };
  const ownChannel = (id: string, direction: "from" | "to"): number => {
    const c = scenario.channels.findIndex((ch) => ch.id === id);
    if (c < 0 || scenario.channels[c]![direction] !== node)
      fail(`${JSON.stringify(id)} is not an ${direction === "from" ? "outgoing" : "incoming"} channel of ${who}`);
    return c;
  };
  const updateNode = (change: Partial<NodeState>) => (nodes[node] = { ...nodes[node]!, ...change });
  const updateChannel = (c: number, change: Partial<DatabaseChannelState>) => (channels[c] = { ...channels[c]!, ...change });

  for (const effect of effects) {
    switch (effect.type) {
      case "record-state":
        updateNode({ recorded: imageOf(nodes[node]!) });
        break;
      case "send-signal": {
        const c = ownChannel(effect.channel, "from");
        updateChannel(c, { queue: [...channels[c]!.queue, { kind: "signal", signal: effect.signal }] });
        break;
      }
      case "start-recording":
        updateChannel(ownChannel(effect.channel, "to"), { recording: { status: "open", credits: [] } });
        break;
      case "record-credit": {
        if (!arriving) return fail("record-credit only applies to an arriving credit (onCredit)");
        const recording = channels[arriving.channel]!.recording;
        if (recording.status !== "open") return fail(`records a credit on ${scenario.channels[arriving.channel]!.id}, which is not open`);
        // The credit will be the node's next commit: that is its place in the log.
        const logged: LoggedCredit = { ...arriving.credit, position: logLength(nodes[node]!) + 1 };
        updateChannel(arriving.channel, { recording: { status: "open", credits: [...recording.credits, logged] } });
        break;
      }
      case "stop-recording": {
        const c = ownChannel(effect.channel, "to");
        const recording = channels[c]!.recording;
        updateChannel(c, { recording: { status: "closed", credits: recording.status === "idle" ? [] : recording.credits } });
        break;
      }
      case "close-gate":
      case "open-gate":
        updateNode({ gateClosed: effect.type === "close-gate" });
        break;
      case "note":
        updateNode({ notes: [...new Set([...nodes[node]!.notes, effect.text])].sort() });
        break;
      case "redo": {
        const recorded = nodes[node]!.recorded ?? fail("redoes before recording");
        updateNode({ restored: effect.what === "since-recording" ? imageOf(nodes[node]!) : redoChannels(scenario, channels, node, recorded) });
        break;
      }
      default:
        fail(`unknown effect ${JSON.stringify(effect)}`);
    }
  }
  return { nodes, channels };
}

/** The recorded image with the credits recorded on the node's incoming channels committed onto it. */
function redoChannels(scenario: DatabaseScenario, channels: readonly DatabaseChannelState[], node: number, image: NodeImage): NodeImage {
  const credits = scenario.channels.flatMap((ch, c) => {
    const recording = channels[c]!.recording;
    return ch.to === node && recording.status !== "idle" ? recording.credits : [];
  });
  const balances = image.balances.slice();
  for (const credit of credits) balances[credit.account]! += credit.amount;
  return {
    ...image,
    balances,
    credits: [...image.credits, ...credits.map((c) => c.txn)].sort(),
    redone: credits.map((c) => c.position).sort((a, b) => a - b),
  };
}
