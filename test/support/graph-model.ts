// A packed model of an explicit directed graph, for testing the packed
// searches against hand-made and random graphs. A state is its node number.
import type { PackedModel } from "../../src/model-contract/packed-model.js";

export interface Graph {
  /** successors[i]: the nodes after node i, in action order. Node 0 is initial. */
  readonly successors: readonly (readonly number[])[];
  /** Nodes where property 0 fails. */
  readonly bad?: readonly number[];
}

export function graphModel(graph: Graph): PackedModel {
  return {
    words: 1,
    maxActions: Math.max(1, ...graph.successors.map((s) => s.length)),
    writeInitial: (into, at) => void (into[at] = 0),
    successors(state, at, into) {
      const next = graph.successors[state[at]!]!;
      next.forEach((node, i) => (into[i] = node));
      return next.length;
    },
    violations: (state, at, _terminal, failed) => {
      if (graph.bad?.includes(state[at]!)) failed(0);
    },
  };
}
