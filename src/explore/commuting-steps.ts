/**
 * Which transitions commute with a transition t, found by trying: in a state
 * and in every state the candidates reach from it on their own, t and each
 * candidate enabled there are taken in both orders, and a candidate is kept
 * only if both orders are possible and end in the same state (Godefroid and
 * Pirottin's conditional independence, "Refining dependencies improves
 * partial-order verification methods", 1993, checked rather than declared).
 *
 * A model whose steps are a learner's rules cannot say in advance which of
 * one process's steps commute (the rules may read all the process sees); it
 * says which of them could only interfere with t through what these states
 * show (Reduction.checkable), and the explorer finds out here. The states
 * tried are real successors of a reachable state: no question is asked that
 * a full search would not ask too.
 */
import { KeyTable } from "./key-table.js";

/** The successors of a stored state, and the transition each is. */
export interface Steps {
  readonly vectors: Uint32Array;
  readonly transitions: Int32Array;
}

export interface SteppedModel {
  readonly words: number;
  /** The successors of the state at `vector[at ..]` by the `wanted` transitions (the others' are not made), in a fresh array, with every action's transition. */
  stepsFrom(vector: Uint32Array, at: number, wanted: ReadonlySet<number>): Steps;
}

/** No candidate was kept: the candidates reach more states than the check tries. */
const TOO_MANY = -2;

/**
 * Of `candidates`, those that commute with the enabled transition `t` in the
 * state at `start[at ..]` and in every state they reach from it, if they
 * reach at most `limit` states; none if they reach more.
 */
export function commutingWith(model: SteppedModel, start: Uint32Array, at: number, t: number, candidates: readonly number[], limit: number): number[] {
  const from = start.slice(at, at + model.words);
  let kept = candidates.filter((u) => u !== t);
  // Each candidate that fails in some state goes, and the check starts again without it: what it reached no longer counts.
  while (kept.length > 0) {
    const failed = firstFailure(model, from, t, kept, limit);
    if (failed === undefined) return kept;
    if (failed === TOO_MANY) return [];
    kept = kept.filter((u) => u !== failed);
  }
  return kept;
}

/**
 * A candidate that does not commute with t in some state the candidates
 * reach, TOO_MANY, or undefined if none fails. A step that throws (a
 * question not answered yet, while questions are gathered) is thrown again
 * once every other step this far has been taken, so that one round asks
 * all the questions it can.
 */
function firstFailure(model: SteppedModel, start: Uint32Array, t: number, kept: readonly number[], limit: number): number | undefined {
  const words = model.words;
  const wanted = new Set([t, ...kept]);
  const known = new KeyTable(words, 16);
  const steps: (Steps | undefined)[] = [];
  let thrown: { error: unknown } | undefined;
  const stepsFrom = (vector: Uint32Array): Steps | undefined => {
    const size = known.size;
    const id = known.intern(vector, 0);
    if (id === size) {
      try {
        steps[id] = model.stepsFrom(vector, 0, wanted);
      } catch (error) {
        thrown ??= { error };
      }
    }
    return steps[id];
  };
  const by = (from: Steps | undefined, transition: number) => {
    const i = from ? from.transitions.indexOf(transition) : -1;
    return i < 0 ? undefined : from!.vectors.subarray(i * words, (i + 1) * words);
  };
  const reached = new KeyTable(words, 16);
  reached.intern(start, 0);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const here = stepsFrom(queue[i]!);
    if (!here) continue;
    const afterT = by(here, t)!;
    const next = stepsFrom(afterT);
    for (const u of kept) {
      const afterU = by(here, u);
      if (!afterU) continue;
      const back = stepsFrom(afterU);
      if (!next || !back) continue;
      const tThenU = by(next, u);
      const uThenT = by(back, t);
      if (!tThenU || !uThenT || !sameVector(tThenU, uThenT)) return u;
      const size = reached.size;
      if (reached.intern(afterU, 0) === size) {
        if (reached.size > limit) return TOO_MANY;
        queue.push(afterU.slice());
      }
    }
  }
  if (thrown) throw thrown.error;
  return undefined;
}

function sameVector(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
