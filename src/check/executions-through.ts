/**
 * How many executions pass through a state with some feature (a send held
 * back, say): a measure of what the feature costs, as a share of all runs.
 *
 * A second, depth-first pass over the model: paths(s) is the number of ways
 * to finish from s, and through(s) how many of those meet a marked state,
 * which is all of them when s itself is marked. Both are memoised per state,
 * so the pass is linear in the transitions; the recursion is as deep as the
 * longest execution.
 */
import type { Model } from "../model/model.js";

export function countExecutionsThrough<State, Action>(model: Model<State, Action>, marked: (state: State) => boolean): bigint {
  const memo = new Map<string, { paths: bigint; through: bigint }>();
  const visit = (state: State): { paths: bigint; through: bigint } => {
    const key = model.key(state);
    const known = memo.get(key);
    if (known) return known;
    const actions = model.actions(state);
    let paths = actions.length === 0 ? 1n : 0n;
    let through = 0n;
    for (const action of actions) {
      const next = visit(model.nextState(state, action));
      paths += next.paths;
      through += next.through;
    }
    const counts = { paths, through: marked(state) ? paths : through };
    memo.set(key, counts);
    return counts;
  };
  return model.initStates().reduce((sum, state) => sum + visit(state).through, 0n);
}
