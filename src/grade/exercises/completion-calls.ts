/**
 * Exercise 3's two functions called directly, beside the runs explored: on
 * inputs fast-check draws from what the exercise's README defines them on
 * (completion-inputs.ts), each answer compared with the README's definition.
 * The runs of a few scenarios reach a few views and snapshots; an answer
 * right only on those (a total of 100 per process) is refused here, with
 * the smallest input that shows it, as fast-check shrinks it, its names then
 * made plain where it still shows it with them (generated-check.ts's
 * plainNames, as a shrunk scenario's are).
 *
 * The calls go to the submission as the explored checks' do (Submission:
 * the sandbox, answers remembered); the drawn inputs are asked in a few
 * batches first, then judged one by one, and only if one is wrong does
 * fast-check draw them again to shrink it.
 */
import fc from "fast-check";
import type { ProcessView } from "../../models/bank/algorithms/snapshot-algorithm.js";
import type { DrawnInput } from "../graded-rules/run-check.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import type { LocalPart } from "./completion.js";
import { differences, partDoneProblem, snapshotOfParts } from "./completion-answers.js";
import { type InputDraw, partsDraws, viewDraws } from "./completion-inputs.js";
import type { RulesCheck } from "./exercise.js";
import { drawingSeed, plainNames } from "./generated-check.js";

/** One of the functions, the inputs it is called on, and what is wrong with an answer (undefined if nothing). */
interface Called<Input> {
  readonly property: string;
  readonly path: string;
  readonly draws: readonly InputDraw<Input>[];
  /** How the input is named in a reason ("view"), and how one drawn input is pointed at ("this drawn view"). */
  readonly shown: string;
  readonly drawn: string;
  problem(input: Input, answer: unknown, context: string): string | undefined;
}

const isPartDone: Called<ProcessView> = {
  property: "knows-when-done",
  path: "isPartDone",
  draws: viewDraws,
  shown: "view",
  drawn: "this drawn view",
  problem: (view, says, context) => partDoneProblem(view, says, context),
};

const assembleSnapshot: Called<LocalPart[]> = {
  property: "assembled-snapshot",
  path: "assembleSnapshot",
  draws: partsDraws,
  shown: "parts",
  drawn: "these drawn parts",
  problem: (parts, answer) => differences(snapshotOfParts(parts), answer),
};

/** How many inputs each function is called on, those asked again renamed among them. */
const count = (draws: readonly InputDraw<unknown>[]) => draws.reduce((sum, d) => sum + d.count * (d.askedAgainAs ? 2 : 1), 0);

/** Each function called on its drawn inputs, from the kit's `seed` or an instructor's (CheckLimits.seed). */
export function directCallsCheck(seed: number, points: number): RulesCheck {
  return {
    name: `direct calls (${count(viewDraws)} views, ${count(partsDraws)} sets of parts)`,
    points,
    seeded: true,
    run(submission, limits) {
      const drawn = drawingSeed(seed, limits.seed);
      for (const called of [isPartDone, assembleSnapshot] as Called<unknown>[]) {
        const failure = firstFailure(called, submission, drawn);
        if (failure) return { states: 0, violated: [called.property], ...failure };
      }
      return { states: 0 };
    },
    replay: () => undefined,
  };
}

/** The first drawn input whose answer is wrong, shrunk, and what is wrong, in words; undefined if every answer is right. */
function firstFailure<Input>(called: Called<Input>, submission: Submission, seed: number): { failure: string; input: DrawnInput } | undefined {
  const context = `${called.path}(${called.shown})`;
  const ask = (input: Input) => submission.call(called.path, [input], context);
  // Each draw from a seed of its own, so that what one draws does not depend on the others.
  const draws = called.draws.map((draw, k) => ({ ...draw, seed: drawingSeed(seed, k) }));
  const inputs = draws.map((draw) =>
    fc.sample(draw.inputs, { seed: draw.seed, numRuns: draw.count }).flatMap((drawn) => {
      const again = draw.askedAgainAs?.(drawn.names);
      return again ? [drawn, { ...drawn, input: drawn.named(again), names: again }] : [drawn];
    }),
  );
  // Every input's question in a few batches: a call not answered yet, or one that broke the contract, is asked (or thrown) again below.
  submission.gather(() => {
    for (const { input } of inputs.flat()) {
      try {
        ask(input);
      } catch {}
    }
  });
  // A call that breaks the contract (throws, times out) fails too, and is shrunk as a wrong answer is.
  const right = (input: Input) => {
    try {
      return called.problem(input, ask(input), context) === undefined;
    } catch {
      return false;
    }
  };
  const k = inputs.findIndex((drawn) => !drawn.every(({ input }) => right(input)));
  if (k < 0) return undefined;
  const wrong = draws[k]!;
  // fast-check draws the same inputs again from the same seed, and shrinks the first that fails: one wrong only as asked
  // again after another (askedAgainAs) is shown as it was drawn.
  const found = fc.check(
    fc.property(wrong.inputs, ({ input }) => right(input)),
    { seed: wrong.seed, numRuns: wrong.count },
  );
  const smallest = found.failed ? found.counterexample![0] : inputs[k]!.find(({ input }) => !right(input))!;
  // Its names made plain where it still fails with them, as a generated scenario's are.
  const plain = plainNames(smallest.names);
  const plainInput = plain && smallest.named(plain);
  const input = plainInput !== undefined && !right(plainInput) ? plainInput : smallest.input;
  // Asked again, a call that broke the contract throws again: the exercise's fault, as in every check, on the smallest input.
  return { failure: `${called.property} is violated: ${called.problem(input, ask(input), context)}`, input: { what: called.drawn, value: input } };
}
