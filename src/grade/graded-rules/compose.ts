/**
 * Exercises 1 and 2 share one rules file, and each grades its own part: the
 * effects it owns come from the learner's rules, the rest from the reference
 * rules. Exercise 1 owns what a process records and the markers it sends;
 * exercise 2 owns the channels' recordings. The two kinds act on different
 * parts of the state, so their order within a step does not matter.
 */
import type { Effect, SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";

const processEffects: ReadonlySet<Effect["type"]> = new Set(["record-state", "send-marker"]);

export const ownsProcessEffects = (effect: Effect) => processEffects.has(effect.type);
export const ownsChannelEffects = (effect: Effect) => !ownsProcessEffects(effect);

/** Rules that take the process effects from `processPart` and the channel effects from `channelPart`. */
export function combineRules(processPart: SnapshotAlgorithm, channelPart: SnapshotAlgorithm): SnapshotAlgorithm {
  const merge = (fromProcessPart: readonly Effect[], fromChannelPart: readonly Effect[]): Effect[] => [
    ...fromProcessPart.filter(ownsProcessEffects),
    ...fromChannelPart.filter(ownsChannelEffects),
  ];
  return {
    name: `${processPart.name} (recording, markers) with ${channelPart.name} (channels)`,
    initiate: (view) => merge(processPart.initiate(view), channelPart.initiate(view)),
    onMarker: (view, channel, marker) => merge(processPart.onMarker(view, channel, marker), channelPart.onMarker(view, channel, marker)),
    onMessage: (view, channel, message) => merge(processPart.onMessage(view, channel, message), channelPart.onMessage(view, channel, message)),
  };
}
