/**
 * The check on an exercise's generated scenarios: each is explored
 * exhaustively in turn, as a fixed scenario is. The first that fails is
 * shrunk, deterministically, to a smallest failing scenario (no process,
 * channel, snapshot, initiator or transfer can be taken away and still
 * fail, and its names, balances, amounts and channel order are the plainest
 * that still fail), and that scenario is reported beside its shortest
 * counterexample.
 */
import type { Scenario } from "../../models/bank/scenario.js";
import { bankModel } from "../../models/bank/bank-model.js";
import type { BankAction } from "../../models/bank/actions.js";
import type { BankState } from "../../models/bank/bank-state.js";
import type { Counterexample } from "../../check/report.js";
import { type SavedTrace, savedTrace } from "../../trace/saved-trace.js";
import { type GradedState, NO_THROW, WELL_FORMED_EFFECTS } from "../graded-rules/graded-model.js";
import { isStepRule } from "../graded-rules/step-rules.js";
import { StateLimitError } from "../../explore/state-limit-error.js";
import { RuleFault } from "../graded-rules/rule-fault.js";
import { type GradedSystem, startingWith } from "../graded-rules/graded-system.js";
import { failed, replay, runCheck, type CheckOutcome } from "../graded-rules/run-check.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import type { CheckLimits, RulesCheck } from "./exercise.js";
import { generatedScenarios } from "./generated-list.js";
import {
  firstSteps,
  reachCount,
  reachForm,
  scenarioFile,
  scenarioOf,
  skeletonOf,
  withinShape,
  type GeneratedScenario,
  type ReachForm,
  type ScenarioFile,
  type Shape,
  type Skeleton,
} from "./generated-scenarios.js";

/**
 * Which scenarios an exercise generates: the same `count` from the same
 * `seed` (the kit's) for everyone. The kit's seeds are ones whose lists show
 * every feature their shape allows (test/grade/catalogue-generated.test.ts).
 */
export interface Generation {
  readonly shape: Shape;
  readonly seed: number;
  readonly count: number;
  /** The forms past the drawn sizes that end the list (generated-scenarios.ts, REACH_LIMITS). */
  readonly reach: readonly ReachForm[];
  /**
   * Whether the runs are the learner's rules': a failure searched from given first steps then gives its run as a trace,
   * replayed with the learner's file. Not in exercise 3, whose runs are the reference rules' (explore shows them).
   */
  readonly rulesRun: boolean;
}

export interface GeneratedCheck extends RulesCheck {
  /** What its scenarios are drawn within. */
  readonly shape: Shape;
  /** The scenarios it grades on, in order: from the kit's seed, or from an instructor's (CheckLimits.seed). */
  scenarios(seed?: number): readonly GeneratedScenario[];
  /** Explores one scenario of the shape with the submission, as the check does each of its own. */
  runOn(file: ScenarioFile, submission: Submission, limits: CheckLimits): CheckOutcome;
}

export function generatedCheck<Scn extends Scenario, State, Action>(
  generation: Generation,
  points: number,
  build: (scenario: Scn, submission: Submission) => GradedSystem<State, Action>,
): GeneratedCheck {
  // Drawn when first needed, not when the CLI loads the exercises; by the instructor's seed, if any.
  const drawn = new Map<number | undefined, GeneratedScenario[]>();
  const scenarios = (seed?: number) => {
    if (!drawn.has(seed)) drawn.set(seed, generatedScenarios(generation.shape, drawingSeed(generation.seed, seed), generation.count, generation.reach));
    return drawn.get(seed)!;
  };
  // A star past the drawn sizes is searched reduced, unless a search is asked for.
  const reduced = (file: ScenarioFile, limits: CheckLimits) =>
    limits.reduction ?? (reachForm(skeletonOf(file), generation.shape) === "stars" ? "por" : undefined);
  const explore = (file: ScenarioFile, submission: Submission, limits: CheckLimits): CheckOutcome => {
    const system = build(scenarioOf(file) as Scn, submission);
    const steps = firstSteps(skeletonOf(file), generation.shape) as readonly Action[] | undefined;
    const searched = steps ? startingWith(system, steps) : system;
    const outcome = runCheck({ ...searched, throwsEndRuns: limits.throwsEndRuns }, limits.maxStates, submission, { reduction: reduced(file, limits) });
    if (!steps) return outcome;
    // Too many runs for explore too: the learner replays the one that failed.
    const c = outcome.counterexample;
    return { ...outcome, firstSteps: steps.length, ...(c && generation.rulesRun ? { trace: runAsTrace(scenarioOf(file), c) } : {}) };
  };

  return {
    name: `generated scenarios (${generation.count + reachCount(generation.reach)})`,
    points,
    seeded: true,
    shape: generation.shape,
    scenarios,
    runOn: explore,
    run(submission, limits) {
      let states = 0;
      for (const { skeleton, file } of scenarios(limits.seed)) {
        const outcome = faultsShrunk(skeleton, file, generation.shape, (candidate) => explore(candidate, submission, limits));
        states += outcome.states;
        if (failed(outcome)) {
          let shrinking = 0;
          // A smaller scenario on which the rules break their contract is not kept: the learner is shown a failing check, not a fault.
          const failing = (candidate: ScenarioFile) => {
            const result = tried(() => explore(candidate, submission, limits));
            if (result === undefined || result instanceof RuleFault) return undefined;
            shrinking += result.states;
            return failed(result) ? result : undefined;
          };
          const smallest = shrink(skeleton, file, outcome, generation.shape, failing);
          // A reduced search's counterexample need not be the shortest: the smallest scenario's full graph has it.
          const shortest = reduced(smallest.file, limits) === "por" ? explore(smallest.file, submission, { ...limits, reduction: "none" }) : smallest.found;
          return { ...shortest, states: states + shrinking, scenario: smallest.file };
        }
      }
      return { states };
    },
    replay(submission, actions, on) {
      if (on?.scenario === undefined) throw new Error("replay: a generated check replays on the scenario it reported");
      return replay(build(scenarioOf(on.scenario as ScenarioFile) as Scn, submission), actions as readonly Action[], on.wholeFile);
    },
  };
}

/**
 * The seed a check draws from: the kit's, or one made of an instructor's and
 * the kit's (which differs per check), so that one seed gives each check a
 * list of its own.
 */
export function drawingSeed(kitSeed: number, instructorSeed: number | undefined): number {
  if (instructorSeed === undefined) return kitSeed;
  // MurmurHash3's finaliser: seeds one apart give unrelated lists.
  let h = Math.imul(instructorSeed ^ 0x9e3779b9, 0x85ebca6b) ^ kitSeed;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/**
 * Explores `file`. Where the rules break their contract there, the fault is
 * thrown again as the rules break it on the smallest scenario where they
 * break it the same way, which it names: the learner can explore that one
 * (snaplab explore --rules). A missing function is missing on any scenario;
 * a call that did not answer in time stopped the sandbox that would answer
 * the smaller scenarios' questions (the grade finds the run to it: grade.ts).
 */
function faultsShrunk(skeleton: Skeleton, file: ScenarioFile, shape: Shape, explore: (file: ScenarioFile) => CheckOutcome): CheckOutcome {
  try {
    return explore(file);
  } catch (error) {
    if (!(error instanceof RuleFault) || error.fault === "missing" || error.fault === "timeout") throw error;
    const sameFault = (candidate: ScenarioFile) => {
      const result = tried(() => explore(candidate));
      return result instanceof RuleFault && result.fault === error.fault ? result : undefined;
    };
    const smallest = shrink(skeleton, file, error, shape, sameFault);
    throw new RuleFault(smallest.found.fault, smallest.found.message, smallest.file);
  }
}

/**
 * What exploring a smaller scenario gives while shrinking: its outcome, or
 * the fault the rules broke their contract with there; nothing where it
 * explores past the state limit (it is not kept).
 */
function tried(explore: () => CheckOutcome): CheckOutcome | RuleFault | undefined {
  try {
    return explore();
  } catch (error) {
    if (error instanceof RuleFault) return error;
    if (error instanceof StateLimitError) return undefined;
    throw error;
  }
}

/**
 * Greedy shrinking: try the smaller scenarios one at a time, biggest cuts
 * first, keep the first on which `found` finds what it looks for (a failing
 * check, a fault), and start again from it; stop when none has it. Each try
 * is an exhaustive exploration, so the verdict is exact.
 */
function shrink<T>(
  skeleton: Skeleton,
  file: ScenarioFile,
  first: T,
  shape: Shape,
  found: (file: ScenarioFile) => T | undefined,
): { file: ScenarioFile; found: T } {
  let current = { skeleton, file, found: first };
  const title = `${file.name}, shrunk`;
  for (let shrunk = true; shrunk; ) {
    shrunk = false;
    // Each once: taking away any one of a process's several snapshots leaves the same scenario.
    const tried = new Set<string>();
    for (const candidate of [...smaller(current.skeleton), ...plainer(current.skeleton)].filter((s) => withinShape(s, shape))) {
      const candidateFile = scenarioFile(candidate, title, shape);
      const known = JSON.stringify(candidateFile);
      if (tried.has(known)) continue;
      tried.add(known);
      const again = found(candidateFile);
      if (again !== undefined) {
        current = { skeleton: candidate, file: candidateFile, found: again };
        shrunk = true;
        break;
      }
    }
  }
  return { file: current.file, found: current.found };
}

/** Every skeleton with one thing less: a process, a channel, a snapshot, an initiator, a transfer. */
export function smaller(skeleton: Skeleton): Skeleton[] {
  const { names, channels, programs, initiators, snapshots } = skeleton;
  const out: Skeleton[] = [];
  for (let p = 0; p < names.length; p++) out.push(withoutProcess(skeleton, p));
  channels.forEach(([from, to], c) => {
    out.push({
      ...skeleton,
      channels: channels.filter((_, i) => i !== c),
      programs: programs.map((program, q) => (q === from ? program.filter((t) => t.to !== to) : program)),
    });
  });
  if (snapshots) {
    snapshots.forEach((_, k) => {
      const kept = snapshots.filter((__, i) => i !== k);
      out.push({ ...skeleton, snapshots: kept, initiators: [...new Set(kept)] });
    });
  } else {
    initiators.forEach((_, i) => out.push({ ...skeleton, initiators: initiators.filter((__, j) => j !== i) }));
  }
  programs.forEach((program, p) =>
    program.forEach((_, k) => out.push({ ...skeleton, programs: programs.map((q, i) => (i === p ? q.filter((__, j) => j !== k) : q)) })),
  );
  return out;
}

/**
 * The skeleton with its names, balances, amounts or channel order made
 * plain (P0, P1, ...; 100 each; 1, 2, 4, ... in program order; channels
 * sorted), one at a time, where they are not yet: a scenario a learner
 * reads at a glance, wherever the mistake does not need more.
 */
export function plainer(skeleton: Skeleton): Skeleton[] {
  const { names, balances, channels, programs } = skeleton;
  const out: Skeleton[] = [];
  const plain = plainNames(names);
  if (plain) out.push({ ...skeleton, names: plain });
  const unplain = balances.flatMap((b, p) => (b === 100 ? [] : [p]));
  if (unplain.length > 0) out.push({ ...skeleton, balances: balances.map(() => 100) });
  // One at a time too, where the mistake turns on one balance: the others need not stay as drawn.
  if (unplain.length > 1) for (const p of unplain) out.push({ ...skeleton, balances: balances.map((b, q) => (q === p ? 100 : b)) });
  let k = 0;
  const plainPrograms = programs.map((program) => program.map((t) => ({ ...t, amount: 2 ** k++ })));
  if (JSON.stringify(plainPrograms) !== JSON.stringify(programs)) out.push({ ...skeleton, programs: plainPrograms });
  const sorted = [...channels].sort(([a, b], [c, d]) => a - c || b - d);
  if (sorted.some((c, i) => c !== channels[i])) out.push({ ...skeleton, channels: sorted });
  return out;
}

/**
 * The processes' names made plain, P0, P1, ... in their order; undefined
 * where they are already. What a failing scenario (plainer), or a drawn
 * input a function answered wrongly (completion-calls.ts), is shown with
 * where it still fails with them.
 */
export function plainNames(names: readonly string[]): string[] | undefined {
  const plain = names.map((_, p) => `P${p}`);
  return plain.some((name, p) => name !== names[p]) ? plain : undefined;
}

function withoutProcess(skeleton: Skeleton, gone: number): Skeleton {
  const renumber = (p: number) => (p > gone ? p - 1 : p);
  const kept = (list: readonly number[]) => list.filter((p) => p !== gone).map(renumber);
  const snapshots = skeleton.snapshots && kept(skeleton.snapshots);
  const others = <T>(list: readonly T[]) => list.filter((_, p) => p !== gone);
  return {
    names: others(skeleton.names),
    balances: others(skeleton.balances),
    channels: skeleton.channels.filter(([from, to]) => from !== gone && to !== gone).map(([from, to]) => [renumber(from), renumber(to)] as const),
    programs: others(skeleton.programs).map((program) => program.filter((t) => t.to !== gone).map((t) => ({ ...t, to: renumber(t.to) }))),
    initiators: snapshots ? [...new Set(snapshots)] : kept(skeleton.initiators),
    ...(snapshots ? { snapshots } : {}),
  };
}

/**
 * A counterexample on a bank scenario as explore --save-trace writes one. Its rules file is named by the
 * report, which knows how the learner names it (grade.ts): "" until then.
 */
function runAsTrace<State>(scenario: Scenario, c: Counterexample<GradedState<State>, unknown>): SavedTrace {
  // The bank's descriptor reads a multi-snapshot scenario's states as its own (several-snapshots.ts).
  const path = { states: c.path.states.map((s) => s.state as unknown as BankState), actions: c.path.actions as BankAction[] };
  // Replay checks the model's properties: a run that breaks a rule of the grader's own is saved as a run alone, which replay
  // runs step by step, to the answer it refuses (well-formed-effects, no-throw) or through the step the report names.
  const graderOwn = isStepRule(c.property) || c.property === WELL_FORMED_EFFECTS || c.property === NO_THROW;
  return savedTrace(bankModel, scenario, { file: "" }, graderOwn ? { path } : { path, property: c.property, reason: c.reason });
}
