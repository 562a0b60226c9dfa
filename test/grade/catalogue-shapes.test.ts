// Wrong rules whose mistake needs a shape no fixed scenario has: each passes every
// fixed scenario, and the generated scenarios refuse it, with a smallest failing
// scenario (nothing can be taken away from it and still fail) of that shape and a
// shortest counterexample that replays on it. (Right-but-unusual rules, which keep full
// marks, are in catalogue-right-rules.test.ts.) Rules run in this process: they are trusted test code.
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { ProcessView } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { smaller, type GeneratedCheck } from "../../src/grade/exercises/generated-check.js";
import { scenarioFile, skeletonOf, withinShape, type ScenarioFile } from "../../src/grade/exercises/generated-scenarios.js";
import { defaultLimits } from "../../src/grade/grade.js";
import { hasShape, shapedWrongRules } from "./catalogue/shaped-rules.js";
import { catalogue } from "./catalogue/wrong-rules.js";

const generatedOf = (exercise: RulesExercise) => exercise.checks.find((c) => c.name.startsWith("generated scenarios")) as GeneratedCheck;
const fixedOf = (exercise: RulesExercise) => exercise.checks.filter((c) => !c.seeded);

describe("the catalogue of wrong rules that need a shape", () => {
  it("should hold a mistake for every rules exercise and every shape the fixed scenarios miss", () => {
    const exercises = new Set(shapedWrongRules.map((w) => w.exercise));
    expect([...exercises].sort()).toEqual([1, 2, 3, 5, 6]);
    // Twelve got full marks before the generated scenarios: the fixed ones have none of these shapes.
    expect(shapedWrongRules.filter((w) => w.passesFixed)).toHaveLength(12);
    const shapes = new Set(shapedWrongRules.map((w) => w.shape));
    for (const shape of ["several in flight on one channel", "no incoming channel", "two incoming channels", "more than two snapshots"] as const) {
      expect(shapes.has(shape), shape).toBe(true);
    }
  });

  for (const wrong of shapedWrongRules) {
    it(`should refuse "${wrong.name}" (exercise ${wrong.exercise}, ${wrong.shape}) with ${wrong.refusedBy}`, () => {
      const exercise = findExercise(wrong.exercise) as RulesExercise;
      const submission = inProcessSubmission(wrong.module);
      // Full marks on every fixed scenario, where passesFixed says so: only the generated ones earn this refusal.
      const fixedFailures = fixedOf(exercise).flatMap((check) => {
        const outcome = check.run(submission, defaultLimits);
        return outcome.counterexample || outcome.failure ? [check.name] : [];
      });
      expect(fixedFailures.length === 0, `fails on ${fixedFailures.join(", ")}`).toBe(wrong.passesFixed);
      const generated = generatedOf(exercise);
      const outcome = generated.run(submission, defaultLimits);
      const counterexample = outcome.counterexample!;
      expect(outcome.counterexample && { property: counterexample.property, reason: counterexample.reason }).toEqual({
        property: wrong.refusedBy,
        reason: wrong.reason,
      });
      const file = outcome.scenario as ScenarioFile;
      expect(file.name).toMatch(/^generated #\d+/);

      // The scenario shown has the shape the mistake needs, and nothing can be taken from it and still fail.
      const skeleton = skeletonOf(file);
      expect(hasShape(skeleton, wrong.shape)).toBe(true);
      const { shape } = generated;
      expect(scenarioFile(skeleton, file.name, shape)).toEqual(file);
      for (const less of smaller(skeleton).filter((s) => withinShape(s, shape))) {
        const smallerOutcome = generated.runOn(scenarioFile(less, "smaller", shape), inProcessSubmission(wrong.module), defaultLimits);
        expect(smallerOutcome.counterexample, JSON.stringify(less)).toBeUndefined();
      }
      expect(generated.replay(inProcessSubmission(wrong.module), counterexample.path.actions, outcome)).toEqual({
        property: counterexample.property,
        reason: counterexample.reason,
      });
    });
  }
});

describe("the first catalogue's mistakes, on the generated scenarios alone", () => {
  for (const wrong of catalogue) {
    it(`should refuse "${wrong.name}" (exercise ${wrong.exercise}) with ${wrong.refusedBy}, as the fixed scenarios do`, () => {
      const generated = generatedOf(findExercise(wrong.exercise) as RulesExercise);
      const outcome = generated.run(inProcessSubmission(wrong.module), defaultLimits);
      expect(outcome.counterexample?.property).toBe(wrong.refusedBy);
      expect(generated.replay(inProcessSubmission(wrong.module), outcome.counterexample!.path.actions, outcome)).toEqual({
        property: wrong.refusedBy,
        reason: outcome.counterexample!.reason,
      });
    });
  }
});

describe("rules that break their contract only on a generated scenario", () => {
  it("should break well-formed-effects on a shrunk generated scenario, shown so that the learner can explore it", () => {
    // Fine on every fixed scenario, where every process has an incoming channel.
    const module = {
      rules: {
        ...chandyLamport,
        initiate: (view: ProcessView) => (view.incoming.length === 0 ? "nothing to record" : chandyLamport.initiate(view)),
      },
    };
    const exercise = findExercise(1) as RulesExercise;
    for (const check of fixedOf(exercise)) expect(check.run(inProcessSubmission(module), defaultLimits).counterexample).toBeUndefined();
    const outcome = generatedOf(exercise).run(inProcessSubmission(module), defaultLimits);
    expect(outcome.counterexample?.property).toBe("well-formed-effects");
    expect(outcome.counterexample?.reason).toMatch(/^rules\.initiate\(view\) at P\d returned "nothing to record", not a list of effects$/);
    expect(outcome.counterexample?.path.actions).toHaveLength(1);
    const scenario = outcome.scenario as { name: string; channels: unknown[] };
    expect(scenario.name).toMatch(/^generated #\d+, shrunk$/);
    // The mistake needs a process with no incoming channel: shrinking leaves two processes, each starting a snapshot, and no channel.
    expect([scenario.channels, (scenario as { initiators?: unknown[] }).initiators?.length]).toEqual([[], 2]);
  });
});
