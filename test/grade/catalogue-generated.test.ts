// The generated scenarios every learner is graded on: the same list on every run and
// machine (pinned by a hash of the whole list and its first scenario written out),
// within the exercise's shape, covering every shape the fixed scenarios miss, and
// each cheap to explore.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inProcessSubmission } from "../../src/grade/check/submission.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { smaller, type GeneratedCheck } from "../../src/grade/exercises/generated-check.js";
import { generatedScenarios, messagesOf, scenarioOf, skeletonOf, withinShape, type Skeleton } from "../../src/grade/exercises/generated-scenarios.js";
import * as recordAndForward from "../../solutions/01-record-and-forward/rules.js";
import * as completion from "../../solutions/03-completion/completion.js";
import * as laiYang from "../../solutions/05-lai-yang/rules.js";
import * as concurrent from "../../solutions/06-concurrent-snapshots/rules.js";

const answers: Record<number, Record<string, unknown>> = { 1: recordAndForward, 2: recordAndForward, 3: completion, 5: laiYang, 6: concurrent };

const generated = exercises
  .filter((e): e is RulesExercise => e.kind === "rules")
  .map((exercise) => ({ exercise, check: exercise.checks.find((c) => c.name.startsWith("generated scenarios")) as GeneratedCheck }));

const hash = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

describe("the generated scenarios", () => {
  it("should be one check per rules exercise, with the points taken from its fixed checks (the kit still adds up to 100)", () => {
    expect(generated.map(({ exercise, check }) => [exercise.number, check.name, check.points])).toEqual([
      [1, "generated scenarios (24)", 3],
      [2, "generated scenarios (24)", 3],
      [3, "generated scenarios (24)", 2],
      [5, "generated scenarios (24)", 6],
      [6, "generated scenarios (24)", 6],
    ]);
    expect(exercises.flatMap((e) => e.checks as readonly { points: number }[]).reduce((sum, c) => sum + c.points, 0)).toBe(100);
  });

  it("should be the same list on every run and every machine", () => {
    expect(generated.map(({ exercise, check }) => [exercise.number, hash(check.scenarios().map((s) => s.file))])).toEqual([
      [1, "ad357b70df19af1f"],
      [2, "e3fa398fd8faa308"],
      [3, "86954fc4c23d8b3c"],
      [5, "aa1f7ad87c260176"],
      [6, "8508b92f3a498a93"],
    ]);
    const [first] = generated.find(({ exercise }) => exercise.number === 5)!.check.scenarios();
    expect(first!.file).toEqual({
      name: "generated #1",
      processes: { P0: 100, P1: 100, P2: 100, P3: 100 },
      channels: [
        ["P0", "P1"],
        ["P0", "P2"],
        ["P0", "P3"],
        ["P2", "P1"],
        ["P2", "P3"],
        ["P3", "P1"],
      ],
      programs: {},
      initiators: ["P0", "P1"],
      fifo: false,
    });
  });

  it("should depend on the seed", () => {
    const shape = { fifo: true, multiSnapshot: false };
    expect(hash(generatedScenarios(shape, 4, 24))).toBe(hash(generatedScenarios(shape, 4, 24)));
    expect(hash(generatedScenarios(shape, 4, 24))).not.toBe(hash(generatedScenarios(shape, 5, 24)));
  });

  for (const { exercise, check } of generated) {
    const shape = { fifo: exercise.number !== 5, multiSnapshot: exercise.number === 6 };

    it(`should stay within exercise ${exercise.number}'s shape and write each scenario as a file that reads back`, () => {
      for (const { skeleton, file } of check.scenarios()) {
        expect(withinShape(skeleton, shape), file.name).toBe(true);
        expect(skeletonOf(file)).toEqual(skeleton);
        const scenario = scenarioOf(file);
        expect(scenario.fifo).toBe(shape.fifo);
        expect(scenario.processes).toEqual(Object.keys(file.processes));
      }
    });

    it(`should cover in exercise ${exercise.number} every shape the fixed scenarios miss`, () => {
      const skeletons = check.scenarios().map((s) => s.skeleton);
      const some = (has: (s: Skeleton) => boolean) => skeletons.some(has);
      const incoming = (s: Skeleton, p: number) => s.channels.filter(([, to]) => to === p).length;
      const outgoing = (s: Skeleton, p: number) => s.channels.filter(([from]) => from === p).length;
      const perChannel = (s: Skeleton) => Math.max(0, ...s.channels.map(([from, to]) => s.programs[from]!.filter((t) => t === to).length));
      const everyProcess = (s: Skeleton) => Array.from({ length: s.processes }, (_, p) => p);
      expect([2, 3, 4].map((n) => some((s) => s.processes === n))).toEqual([true, true, true]);
      expect([0, 1, 2, 3].map((n) => some((s) => perChannel(s) === n))).toEqual([true, true, true, true]);
      expect(some((s) => everyProcess(s).some((p) => incoming(s, p) === 0))).toBe(true);
      expect(some((s) => everyProcess(s).some((p) => outgoing(s, p) === 0))).toBe(true);
      expect(some((s) => everyProcess(s).some((p) => incoming(s, p) >= 2))).toBe(true);
      expect(some((s) => s.initiators.length === 2)).toBe(true);
      if (shape.multiSnapshot) expect([1, 2, 3, 4].map((n) => some((s) => s.snapshots!.length === n))).toEqual([true, true, true, true]);
    });

    it(`should keep every exploration of exercise ${exercise.number}'s scenarios small`, () => {
      const states = check.scenarios().map(({ file }) => check.runOn(file, inProcessSubmission(answers[exercise.number]!), { maxStates: 100_000 }).states);
      // The fixed scenarios explore up to 6,821 states (exercise 6, three-node, P0 and P2 at once).
      expect(Math.max(...states)).toBeLessThanOrEqual(1500);
      expect(states.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4500);
    });
  }
});

// Grading solutions/ and exercises/ as a whole, generated checks included: test/grade/submission.system.test.ts
// and test/grade/stubs.system.test.ts, which grade each folder once.

describe("shrinking", () => {
  const size = (s: Skeleton) => s.processes + s.channels.length + s.initiators.length + (s.snapshots?.length ?? 0) + messagesOf(s);

  it("should only ever offer smaller scenarios, each with one thing less", () => {
    for (const { check } of generated) {
      for (const { skeleton } of check.scenarios()) {
        for (const less of smaller(skeleton)) expect(size(less)).toBeLessThan(size(skeleton));
      }
    }
  });

  it("should renumber the processes when it takes one away", () => {
    const skeleton: Skeleton = {
      processes: 3,
      channels: [
        [0, 1],
        [1, 2],
        [2, 0],
      ],
      programs: [[1], [2], [0]],
      initiators: [1],
      snapshots: [1, 2, 1],
    };
    expect(smaller(skeleton)[0]).toEqual({ processes: 2, channels: [[0, 1]], programs: [[1], []], initiators: [0, 1], snapshots: [0, 1, 0] });
  });
});
