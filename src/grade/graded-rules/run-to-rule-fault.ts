/**
 * Where `snaplab explore --rules` stopped at a rule's answer that a run leads
 * to (effects the rule's process could not carry out, a throw, or no answer
 * in time), the shortest run to it, told as the grader tells it: the steps,
 * what was recorded, what the rule saw, the picture. It is the grader's
 * model of the scenario, judged on well-formed-effects and no-throw alone,
 * explored with the same rules. The page shows that run too, where Explore
 * all stopped so (src/web/page/search-worker.ts).
 */
import type { Counterexample } from "../../check/report.js";
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import type { Gather } from "../../explore/gather.js";
import type { SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";
import { hasSeveralSnapshots } from "../../models/bank/multi-snapshot/several-snapshots.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { bankGradedSystem } from "../exercises/bank-check.js";
import { multiGradedSystem } from "../exercises/concurrent-snapshots.js";
import type { CounterexampleReport } from "../result.js";
import { counterexampleReport } from "./graded-counterexample.js";
import { type GradedState, NO_THROW } from "./graded-model.js";
import type { GradedSystem } from "./graded-system.js";
import { RuleFault } from "./rule-fault.js";
import { runCheck } from "./run-check.js";

/**
 * Did the search stop at an answer that cannot be carried out, at a throw, or at a call that did not answer in time
 * (rather than at a rule that broke its contract otherwise: changed its input, answered two ways)?
 */
export const hasRunToIt = (error: unknown): boolean =>
  error instanceof MalformedEffectError ||
  (error instanceof RuleFault && (error.fault === "malformed" || error.fault === "throws" || error.fault === "timeout"));

/** The run (its picture drawn from `counterexample.view`), and the run as the grader tells it. */
export interface RunToRuleFault {
  readonly counterexample: Counterexample<unknown, unknown>;
  readonly report: CounterexampleReport;
}

/** `gather`: how the rules' questions cross to their sandbox in batches, where they run in one (the page asks them in its own thread). */
export function runToRuleFault(scenario: Scenario, rules: SnapshotAlgorithm, gather: Gather | undefined, maxStates: number): RunToRuleFault | undefined {
  // No step rule and no property: the graded model judges well-formed-effects (and no-throw, asked for) whatever else it is given.
  const alone = <State, Action>(system: GradedSystem<State, Action>): RunToRuleFault | undefined => {
    const { counterexample } = runCheck({ ...system, stepRules: [], properties: [], throwsEndRuns: true }, maxStates, gather && { gather });
    return counterexample && { counterexample: counterexample as Counterexample<unknown, unknown>, report: counterexampleReport(counterexample) };
  };
  return hasSeveralSnapshots(scenario) && rules.perSnapshot ? alone(multiGradedSystem(scenario, rules.perSnapshot)) : alone(bankGradedSystem(scenario, rules));
}

/** What a rule did that stopped the search: threw, did not answer in time, or answered with effects its process cannot carry out. */
export type RuleFaultKind = "threw" | "late" | "malformed";

export function ruleFaultKind({ counterexample }: RunToRuleFault): RuleFaultKind {
  const broken = (counterexample.path.states.at(-1) as GradedState<unknown> | undefined)?.broken;
  if (broken?.rule !== NO_THROW) return "malformed";
  return broken.late ? "late" : "threw";
}

/** What the search stopped at, in the words `snaplab explore --rules` and the page say it with: "a rule that threw". */
export function stoppedAt(found: RunToRuleFault): string {
  return { threw: "a rule that threw", late: "a rule that did not answer in time", malformed: "an answer the rules' process cannot carry out" }[
    ruleFaultKind(found)
  ];
}
