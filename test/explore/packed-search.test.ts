import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countExecutions } from "../../src/explore/executions.js";
import { packedBfs } from "../../src/explore/packed-bfs.js";
import { packedDfs } from "../../src/explore/packed-dfs.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";
import { graphModel, type Graph } from "../support/graph-model.js";

// 0 -> 1 -> 3 and 0 -> 2 -> 1: breadth-first ids are 0, 1, 2, 3, and the
// edge 2 -> 1 goes back to a lower id, so the on-the-fly count must be redone.
const backEdge: Graph = { successors: [[1, 2], [3], [1], []] };

/** Random graphs on up to 8 nodes, cycles allowed; node 0 is initial. */
const graphs = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.array(fc.uniqueArray(fc.nat(n - 1), { maxLength: 3 }), { minLength: n, maxLength: n }))
  .map((successors): Graph => ({ successors }));

/** The figures of the part of `graph` reachable from node 0, by the generic explorer's counter. */
function reference(graph: Graph) {
  const order = [0];
  for (let i = 0; i < order.length; i++) for (const t of graph.successors[order[i]!]!) if (!order.includes(t)) order.push(t);
  const offsets = [0];
  const targets: number[] = [];
  for (const node of order) {
    targets.push(...graph.successors[node]!.map((t) => order.indexOf(t)));
    offsets.push(targets.length);
  }
  return { states: order.length, transitions: targets.length, executions: countExecutions({ size: order.length, offsets, targets, initial: [0] }) };
}

describe("packed searches", () => {
  it("should count states, transitions and executions like the generic explorer, breadth- or depth-first", () => {
    fc.assert(
      fc.property(graphs, fc.boolean(), (graph, fingerprint) => {
        const expected = reference(graph);
        for (const search of [packedBfs, packedDfs]) {
          const { states, transitions, executions } = search(graphModel(graph), { fingerprint });
          expect({ states, transitions, executions }).toEqual(expected);
        }
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it("should follow paths deeper than its first stack allocation", () => {
    // A ladder of 200 rungs: from each even node, straight on or through the odd node
    // beside it, so 2^200 executions (five 52-bit limbs).
    const ladder: Graph = { successors: Array.from({ length: 401 }, (_, i) => (i === 400 ? [] : i % 2 === 0 ? [i + 1, i + 2] : [i + 1])) };
    const dfs = packedDfs(graphModel(ladder));
    expect([dfs.states, dfs.executions]).toEqual([401, 2n ** 200n]);
    expect(packedBfs(graphModel(ladder)).executions).toBe(2n ** 200n);
  });

  it("should redo the execution count when a transition leads back to a lower id", () => {
    expect(packedBfs(graphModel(backEdge)).executions).toBe(2n);
  });

  it("should report infinitely many executions (undefined) on a cycle", () => {
    const cycle: Graph = { successors: [[1], [0]] };
    expect(packedBfs(graphModel(cycle)).executions).toBeUndefined();
    expect(packedDfs(graphModel(cycle)).executions).toBeUndefined();
  });

  it("should meet a violation first on a shortest path, and rebuild that path from parent ids", () => {
    // Node 4 is bad; it is reached by 0 -> 2 -> 4 and by the longer 0 -> 1 -> 3 -> 4.
    const graph: Graph = { successors: [[1, 2], [3], [4], [4], []], bad: [4] };
    const bfs = packedBfs(graphModel(graph));
    expect(bfs.violations).toEqual([{ property: 0, depth: 2, state: 4 }]);
    expect(bfs.pathTo(4)).toEqual({ initial: 0, vectors: [0, 2, 4].map((n) => Uint32Array.of(n)), actions: [1, 0] });
    // Depth-first meets it first along 0 -> 1 -> 3 -> 4 (ids 0, 1, 2, 3): not a shortest path.
    expect(packedDfs(graphModel(graph)).violations).toEqual([{ property: 0, depth: 3, state: 3 }]);
  });

  it("should stop at the depth bound, or once the properties asked for have failed", () => {
    const chain: Graph = { successors: [[1], [2], [3], []], bad: [2] };
    expect(packedBfs(graphModel(chain), { maxDepth: 1 }).states).toBe(2);
    const stopped = packedBfs(graphModel(chain), { stopWhenViolated: [0] });
    expect(stopped.violations).toHaveLength(1);
    expect(stopped.states).toBe(3);
  });

  it("should refuse to store more states than allowed", () => {
    const chain: Graph = { successors: [[1], [2], [3], []] };
    expect(() => packedBfs(graphModel(chain), { maxStates: 3 })).toThrow(StateLimitError);
    expect(() => packedDfs(graphModel(chain), { maxStates: 3 })).toThrow(StateLimitError);
  });

  it("should report progress with the depth and the bytes held, breadth- or depth-first", () => {
    for (const search of [packedBfs, packedDfs]) {
      const seen: number[] = [];
      search(graphModel({ successors: [[1], []] }), { progressEveryMs: 0, onProgress: (p) => seen.push(p.depth, p.states, Math.sign(p.bytes)) });
      // The clock is read on the first state of every 4096, so here once, on the initial state.
      expect(seen).toEqual(search === packedBfs ? [0, 2, 1] : [0, 1, 1]);
    }
  });
});
