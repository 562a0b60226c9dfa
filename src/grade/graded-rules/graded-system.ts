/**
 * A system ready to grade: a model with a learner's rules plugged in, the
 * step rules and properties it is checked on, and the words to tell its
 * traces. The grader checks it as every command checks a scenario, with
 * `check` (src/check/check.ts): it becomes a model descriptor on the fly,
 * whose one "scenario" is the system itself.
 */
import type { ModelDescriptor, Named } from "../../check/model-descriptor.js";
import type { Violation } from "../../explore/exploration.js";
import { runsStartingWith } from "../../explore/runs-starting-with.js";
import type { Model } from "../../model-contract/model.js";
import type { Property } from "../../model-contract/property.js";
import type { SpaceTime } from "../../view/space-time-view.js";
import type { HalfOfFile } from "./file-halves.js";
import { gradedModel, NO_THROW, WELL_FORMED_EFFECTS, type GradedState } from "./graded-model.js";
import type { StepRule } from "./step-rules.js";

export interface GradedSystem<State, Action> {
  readonly model: Model<State, Action>;
  readonly stepRules: readonly StepRule<State, Action>[];
  /** Every property checked (the model's own are not taken implicitly). */
  readonly properties: readonly Property<State>[];
  describeStep(before: State, action: Action, after: State): string;
  /** What the run recorded, in one line, as the model says it to explore (the text reports show it under the steps, after "recorded: "). */
  describeEnd(state: State): string;
  /** A counterexample as a space-time view, where the system has a picture; `refusedFor`, the snapshot an answer refused at its end was for. */
  spaceTime?(violation: Violation<State, Action> & RefusedFor): SpaceTime;
  /** The step with the rules' effects left out: how a step whose effects were refused is told and drawn. */
  refusedStep?(before: State, action: Action): State;
  /** A rule that throws ends its run, breaking `no-throw`, where it would stop the search: to show the run to it. */
  readonly throwsEndRuns?: boolean;
  /** Where it runs one exercise's half of a file beside the reference's other half: the systems that decide whose a failure is (file-halves.ts). */
  readonly halfOf?: HalfOfFile<State, Action>;
}

/** Of a run that ends at an answer refused, in a run with several snapshots: the snapshot the answer was for, where that can be told. */
export interface RefusedFor {
  readonly refusedFor?: number;
}

/** The system searched only along the runs that begin with `steps` (runs-starting-with.ts), the halves of a file it runs with it. */
export function startingWith<State, Action>(system: GradedSystem<State, Action>, steps: readonly Action[]): GradedSystem<State, Action> {
  const { halfOf } = system;
  return {
    ...system,
    model: runsStartingWith(system.model, steps),
    ...(halfOf ? { halfOf: { whole: startingWith(halfOf.whole, steps), other: startingWith(halfOf.other, steps) } } : {}),
  };
}

/** The model the grader explores: the system's, with its step rules and properties (graded-model.ts). */
export function gradedSystemModel<State, Action>(system: GradedSystem<State, Action>): Model<GradedState<State>, Action> {
  return gradedModel(system.model, system.stepRules, system.properties, system.refusedStep?.bind(system), system.throwsEndRuns);
}

/** The rules are plugged into the system already: the descriptor has one set, by this name. */
const GRADED: Named = { name: "graded" };

/** A view with no lanes: the system has no picture (the grader then draws none). */
const noPicture = ({ property, reason }: Violation<unknown, unknown>): SpaceTime => ({
  lanes: [],
  setting: "",
  property,
  reason,
  events: [],
  messages: [],
  steps: [],
  cut: [],
  offences: [],
  words: { data: "", marker: "", records: "", before: "", never: "" },
});

export function gradedDescriptor<State, Action>(): ModelDescriptor<GradedSystem<State, Action>, GradedState<State>, Action, Named> {
  const unwrapped = (path: Violation<GradedState<State>, Action>["path"]) => ({ states: path.states.map((g) => g.state), actions: path.actions });
  return {
    name: "graded",
    fields: [],
    parse() {
      throw new Error("a graded system is built by its exercise, not read from a file");
    },
    scenarioName: () => "graded",
    algorithms: { names: () => [GRADED.name], find: () => GRADED },
    algorithmOf: () => GRADED.name,
    build: gradedSystemModel,
    describeStep(system, _rules, before, action, after) {
      const text = system.describeStep(before.state, action, after.state);
      // A step whose answer was refused, or whose rule threw or did not answer, happened without the rule's effects (and ends the run): say so.
      if (after.broken?.rule === WELL_FORMED_EFFECTS) return `${text} [the rule's effects refused]`;
      if (after.broken?.rule !== NO_THROW) return text;
      return after.broken.late ? `${text} [the rule did not answer in time]` : `${text} [the rule threw]`;
    },
    spaceTime: (system, _rules, violation) => {
      const refusedFor = violation.path.states.at(-1)?.broken?.snapshot;
      const plain = { ...violation, path: unwrapped(violation.path), ...(refusedFor === undefined ? {} : { refusedFor }) };
      return system.spaceTime ? system.spaceTime(plain) : noPicture(plain);
    },
    describeEnd: (system, end) => system.describeEnd(end.state),
  };
}
