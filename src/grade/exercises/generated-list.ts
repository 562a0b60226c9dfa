/**
 * The scenarios an exercise is graded on: drawn from a seed by fast-check
 * (drawn-skeletons.ts), the kit's, fixed per exercise, so that every learner
 * is graded on the same list on every machine, or an instructor's (the
 * Gradescope bundle's `--seed`), so that learners cannot see them before the
 * due date. Of a pool of scenarios drawn, the list takes first those that
 * show something the ones before it did not (scenario-features.ts), cheapest
 * for what they show, so that any seed's list spans what its pool shows.
 */
import fc from "fast-check";
import { skeletons } from "./drawn-skeletons.js";
import { type GeneratedScenario, scenarioFile, type Shape } from "./generated-scenarios.js";
import { features, interleavings } from "./scenario-features.js";

/** How many scenarios are drawn for each one kept: the pool the list picks from. */
const POOL = 4;
/** No scenario costing more than this many interleavings is taken, whatever it shows (exercise 6's count twice for each snapshot). */
const mostCost = (shape: Shape) => (shape.multiSnapshot ? 4000 : 2000);
/** Once every feature is shown, the rest of the list is the pool's scenarios in the order drawn that cost at most this many interleavings. */
const FILLER_COST = 600;

/**
 * The `count` scenarios an exercise is graded on, drawn from `seed`: the
 * same on every run. Of the drawn pool, the list takes first, one at a time,
 * the scenario that shows the most features no scenario before it showed for
 * the interleavings it costs (interleavings), then the rest in the order
 * drawn, leaving out the costliest; none costs more than mostCost.
 */
export function generatedScenarios(shape: Shape, seed: number, count: number): GeneratedScenario[] {
  const drawn = fc.sample(fc.noBias(skeletons(shape)), { seed, numRuns: count * POOL });
  const pool = drawn.filter((s) => interleavings(s, shape) <= mostCost(shape));
  // Each feature by a number, each scenario's features as a list of them.
  const numbers = new Map<string, number>();
  const shown = pool.map((s) => features(s, shape).map((f) => numbers.get(f) ?? numbers.set(f, numbers.size).get(f)!));
  const cost = pool.map((s) => Math.sqrt(1 + interleavings(s, shape)));
  const seen = new Uint8Array(numbers.size);
  const chosen: number[] = [];
  const taken = new Uint8Array(pool.length);
  while (chosen.length < count) {
    let best = -1;
    let bestWorth = 0;
    for (let i = 0; i < pool.length; i++) {
      if (taken[i]) continue;
      let fresh = 0;
      for (const f of shown[i]!) fresh += 1 - seen[f]!;
      if (fresh / cost[i]! > bestWorth) [best, bestWorth] = [i, fresh / cost[i]!];
    }
    if (best < 0) {
      const rest = pool.map((_, i) => i).filter((i) => !taken[i]);
      best = rest.find((i) => interleavings(pool[i]!, shape) <= FILLER_COST) ?? rest.sort((a, b) => cost[a]! - cost[b]!)[0]!;
    }
    chosen.push(best);
    taken[best] = 1;
    for (const f of shown[best]!) seen[f] = 1;
  }
  return chosen.map((i, k) => ({ skeleton: pool[i]!, file: scenarioFile(pool[i]!, `generated #${k + 1}`, shape) }));
}
