/**
 * The scenarios an exercise is graded on: drawn from a seed by fast-check
 * (drawn-skeletons.ts), the kit's, fixed per exercise, so that every learner
 * is graded on the same list on every machine, or an instructor's (the
 * Gradescope bundle's `--seed`), so that learners cannot see them before the
 * due date. For each feature the list must show (feature-draws.ts) that the
 * scenarios before it do not, a few scenarios are drawn steered towards it,
 * and of those that show it the one that shows the most features still
 * missing for what it costs (scenario-features.ts) is taken: so every seed's
 * list shows every feature, at a cost close to the least. The rest of the
 * list is drawn at random. The list is graded cheapest first.
 */
import fc from "fast-check";
import { skeletons, type Wish } from "./drawn-skeletons.js";
import { type FeatureDraw, featureDraws } from "./feature-draws.js";
import { type GeneratedScenario, type ReachForm, reachSkeletons, scenarioFile, type Shape, type Skeleton } from "./generated-scenarios.js";
import { estimatedStates, features } from "./scenario-features.js";

/** No scenario estimated to explore more states than this is taken, whatever it shows. */
const MOST_STATES = 3000;
/** How many scenarios are drawn for a feature at a time, to choose among; and how many times at most, should none show it. */
const CANDIDATES = 4;
const ROUNDS = 16;
/** What a scenario drawn for one feature takes from the wish of another: what the money and the names are. */
const RIDERS = ["names", "balances", "amounts", "allTheMoney"] as const;
/** The rest of the list: drawn at random, this many for each place, those estimated at most FILLER_STATES in the order drawn. */
const POOL = 8;
const FILLER_STATES = 60;

/**
 * The scenarios an exercise is graded on, from `seed`: the same on every
 * run. `count` drawn: first, for each feature not shown yet, the best of a
 * few draws that show it; then scenarios drawn at random, those that show
 * something new first, the rest cheap ones, in the order drawn. Then those
 * of the `reach` forms past the drawn sizes (reachSkeletons).
 */
export function generatedScenarios(shape: Shape, seed: number, count: number, reach: readonly ReachForm[] = []): GeneratedScenario[] {
  const chosen: Skeleton[] = [];
  const shown = new Set<string>();
  // Draws repeat themselves: each scenario once, known by its JSON.
  const seen = new Set<string>();
  const fresh = (s: Skeleton) => !seen.has(JSON.stringify(s));
  // What each drawn scenario costs and what it shows, each worked out once, and what it shows only for one it may take.
  const memo = <T>(work: (s: Skeleton) => T) => {
    const known = new Map<Skeleton, T>();
    return (s: Skeleton) => (known.has(s) ? known.get(s)! : known.set(s, work(s)).get(s)!);
  };
  const statesOf = memo((s) => estimatedStates(s, shape));
  const featuresOf = memo((s) => features(s, shape));
  const draws = featureDraws(shape);
  const required = new Set(draws.map((d) => d.feature));
  const worth = (s: Skeleton) => featuresOf(s).filter((f) => required.has(f) && !shown.has(f)).length / (1 + statesOf(s));
  const best = (some: readonly Skeleton[]) => some.reduce((a, b) => (worth(b) > worth(a) ? b : a));
  const affordable = (s: Skeleton) => statesOf(s) <= MOST_STATES;
  const take = (s: Skeleton) => {
    chosen.push(s);
    seen.add(JSON.stringify(s));
    for (const f of featuresOf(s)) shown.add(f);
  };

  for (const [k, { feature, wish }] of draws.entries()) {
    if (shown.has(feature) || chosen.length === count) continue;
    const steer = { ...riders(draws.filter((d) => !shown.has(d.feature))), ...wish };
    for (let round = 0; round < ROUNDS; round++) {
      const drawn = fc.sample(fc.noBias(skeletons(shape, steer)), { seed: mixed(seed, k, round), numRuns: CANDIDATES });
      const showing = drawn.filter((s) => affordable(s) && featuresOf(s).includes(feature) && fresh(s));
      if (showing.length === 0) continue;
      take(best(showing));
      break;
    }
  }

  const pool: Skeleton[] = [];
  for (let round = 0; chosen.length + pool.length < count && round < ROUNDS; round++) {
    for (const s of fc.sample(fc.noBias(skeletons(shape)), { seed: mixed(seed, -1, round), numRuns: (count - chosen.length) * POOL })) {
      if (!affordable(s) || !fresh(s)) continue;
      pool.push(s);
      seen.add(JSON.stringify(s));
    }
  }
  while (chosen.length < count && pool.length > 0) {
    const showing = pool.filter((s) => worth(s) > 0);
    const cheap = pool.find((s) => statesOf(s) <= FILLER_STATES);
    const next = showing.length > 0 ? best(showing) : (cheap ?? pool.reduce((a, b) => (statesOf(b) < statesOf(a) ? b : a)));
    pool.splice(pool.indexOf(next), 1);
    take(next);
  }
  // The cheapest first: the first that fails is explored sooner, and shrunk from a smaller start.
  // Then the scenarios at the format's reach.
  const inOrder = [...[...chosen].sort((a, b) => statesOf(a) - statesOf(b)), ...reachSkeletons(reach, seed, shape)];
  return inOrder.map((skeleton, k) => ({ skeleton, file: scenarioFile(skeleton, `generated #${k + 1}`, shape) }));
}

/**
 * What a draw's wish leaves free, its names, balances and amounts, steered
 * as the first of `missing` that asks only for those asks them: a scenario
 * drawn for its shape shows another feature by the way.
 */
function riders(missing: readonly FeatureDraw[]): Wish {
  const free = missing
    .map((d) => d.wish)
    .filter((w) => Object.keys(w).every((field) => field === "snapshots" || (RIDERS as readonly string[]).includes(field)));
  return Object.fromEntries(
    RIDERS.flatMap((field) =>
      free
        .filter((w) => w[field] !== undefined)
        .slice(0, 1)
        .map((w) => [field, w[field]]),
    ),
  );
}

/** A seed of its own for each feature's draws and each round of them, from the list's. */
function mixed(seed: number, feature: number, round: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(feature + 1, 0xc2b2ae35) ^ Math.imul(round + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
