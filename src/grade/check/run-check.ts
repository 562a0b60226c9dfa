/**
 * One graded check: explore every interleaving of a system with the
 * learner's rules, and if a property or step rule fails, keep the shortest
 * counterexample of all, told as numbered steps.
 */
import { exploreBfs } from "../../explore/bfs.js";
import type { Model } from "../../model/model.js";
import type { Property } from "../../model/property.js";
import type { Path } from "../../explore/path.js";
import { gradedModel, WELL_FORMED_EFFECTS } from "./graded-model.js";
import type { StepRule } from "./step-rules.js";

/** A system ready to grade, with the words to tell its traces. */
export interface GradedSystem<State, Action> {
  readonly model: Model<State, Action>;
  readonly stepRules: readonly StepRule<State, Action>[];
  /** Every property checked (the model's own are not taken implicitly). */
  readonly properties: readonly Property<State>[];
  describeStep(before: State, action: Action, after: State): string;
  /** What the run recorded, shown under the steps. */
  describeEnd(state: State): string;
  /** A space-time diagram of a counterexample, where the system has one. */
  drawDiagram?(path: Path<State, Action>, property: string, reason: string): string[];
  /** The step with the rules' effects left out: how a step whose effects were refused is told and drawn. */
  refusedStep?(before: State, action: Action): State;
}

export interface Counterexample<Action> {
  readonly property: string;
  readonly reason: string;
  readonly actions: readonly Action[];
  /** One line per action, numbered from 1. */
  readonly steps: readonly string[];
  readonly recorded: string;
  /** The counterexample drawn as a space-time diagram, one line each (empty if the system has none). */
  readonly diagram: readonly string[];
  /** For malformed effects: what the rule saw (the channel's status, its view). */
  readonly details?: readonly string[];
}

export interface CheckOutcome<Action = unknown> {
  readonly states: number;
  /** Every property and step rule that failed somewhere. */
  readonly violated?: readonly string[];
  readonly counterexample?: Counterexample<Action>;
  /** A failure that no trace shows (e.g. a property that should break and holds). */
  readonly failure?: string;
  /** The scenario it failed on, as a scenario file, where the check has no fixed one (a generated scenario, shrunk). */
  readonly scenario?: object;
}

const graded = <State, Action>(system: GradedSystem<State, Action>) =>
  gradedModel(system.model, system.stepRules, system.properties, system.refusedStep?.bind(system));

export function runCheck<State, Action>(system: GradedSystem<State, Action>, maxStates: number): CheckOutcome<Action> {
  const result = exploreBfs(graded(system), { maxStates });
  // The explorer lists violations in the order it found them; the shortest wins, then the earliest.
  const shortest = [...result.violations].sort((a, b) => a.path.actions.length - b.path.actions.length)[0];
  if (!shortest) return { states: result.states };
  const { actions } = shortest.path;
  const states = shortest.path.states.map((s) => s.state);
  const end = shortest.path.states[states.length - 1]!;
  const refused = shortest.property === WELL_FORMED_EFFECTS;
  const step = (action: Action, i: number) => {
    const text = `${String(i + 1).padStart(2)}. ${system.describeStep(states[i]!, action, states[i + 1]!)}`;
    // The last step of a refused answer happened without the rule's effects: say so.
    return refused && i === actions.length - 1 ? `${text} [the rule's effects refused]` : text;
  };
  return {
    states: result.states,
    violated: result.violations.map((v) => v.property),
    counterexample: {
      property: shortest.property,
      reason: shortest.reason,
      actions,
      steps: actions.map(step),
      recorded: system.describeEnd(states[states.length - 1]!),
      diagram: system.drawDiagram?.({ states, actions }, shortest.property, shortest.reason) ?? [],
      ...(end.broken?.details ? { details: end.broken.details } : {}),
    },
  };
}

/**
 * Runs `actions` again from the initial state and says which property or
 * step rule the end state breaks, and why: a counterexample replays when
 * this gives back its property and reason.
 */
export function replay<State, Action>(system: GradedSystem<State, Action>, actions: readonly Action[]): { property: string; reason: string } | undefined {
  const model = graded(system);
  let state = model.initStates()[0]!;
  for (const action of actions) {
    const enabled = model.actions(state).some((a) => JSON.stringify(a) === JSON.stringify(action));
    if (!enabled) throw new Error(`replay: ${JSON.stringify(action)} is not enabled`);
    state = model.nextState(state, action);
  }
  const terminal = model.actions(state).length === 0;
  for (const property of model.properties()) {
    if (property.expectation === "atTermination" && !terminal) continue;
    const reason = property.check(state);
    if (reason !== undefined) return { property: property.name, reason };
  }
  return undefined;
}
