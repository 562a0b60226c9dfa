/**
 * Directed channels between named parties (the bank's processes, the
 * database's nodes), numbered in file order and named "from->to".
 */
import type { ChannelId } from "../../api/index.js";

// A channel's name, "from->to", as learners' rules see it (api/).
export type { ChannelId };

export interface Channel {
  readonly id: ChannelId;
  readonly from: number;
  readonly to: number;
}

export function channelName(from: string, to: string): ChannelId {
  return `${from}->${to}`;
}

/** Every ordered pair of distinct names, in name order: the complete directed graph. */
export function completeGraph(names: readonly string[]): Channel[] {
  return names.flatMap((from, i) => names.flatMap((to, j) => (i === j ? [] : [{ id: channelName(from, to), from: i, to: j }])));
}
