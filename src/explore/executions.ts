/**
 * Counts maximal paths (executions) in a finite directed graph by dynamic
 * programming: paths(s) reaches each state through its predecessors in
 * topological order (Kahn's algorithm), and the answer sums paths over the
 * terminal states. Enumerating the paths instead would take exponential time.
 */
export interface SuccessorGraph {
  /** Number of nodes; node ids are 0 .. size-1. */
  readonly size: number;
  /** Successors of node i are targets[offsets[i] .. offsets[i+1]); parallel edges count separately. */
  readonly offsets: ArrayLike<number>;
  readonly targets: ArrayLike<number>;
  readonly initial: readonly number[];
}

/**
 * The number of executions, or `undefined` if a cycle makes it infinite.
 * With `avoiding`, only the executions that meet none of those nodes count.
 */
export function countExecutions(graph: SuccessorGraph, avoiding?: (node: number) => boolean): bigint | undefined {
  const { size, offsets, targets } = graph;
  const indegree = new Int32Array(size);
  for (let e = 0; e < (offsets[size] ?? 0); e++) indegree[targets[e]!]!++;

  const paths: bigint[] = new Array<bigint>(size).fill(0n);
  for (const i of graph.initial) paths[i] = 1n;

  const ready: number[] = [];
  for (let i = 0; i < size; i++) if (indegree[i] === 0) ready.push(i);

  let visited = 0;
  let total = 0n;
  while (ready.length > 0) {
    const node = ready.pop()!;
    visited++;
    // All paths into a node have arrived once it is ready: an avoided one passes none on.
    if (avoiding?.(node)) paths[node] = 0n;
    const from = offsets[node]!;
    const to = offsets[node + 1]!;
    if (from === to) total += paths[node]!;
    for (let e = from; e < to; e++) {
      const next = targets[e]!;
      paths[next] = paths[next]! + paths[node]!;
      if (--indegree[next]! === 0) ready.push(next);
    }
  }
  return visited === size ? total : undefined;
}
