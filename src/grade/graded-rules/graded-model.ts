/**
 * The model the grader explores: a system with a learner's rules plugged in,
 * plus the step rules. A step that breaks a step rule leads to a state marked
 * with the broken rule, where the run ends; every property of the system is
 * checked on the other states. A rule that answers with effects that cannot
 * be carried out breaks `well-formed-effects` the same way, so the explorer
 * finds the shortest run to it. A rule that breaks its contract otherwise
 * (throws, changes its input) stops the exploration with a RuleFault: no
 * trace can make such rules right. Where the run to a throw is wanted (to
 * show it), `throwsEndRuns` makes a throw, or a call that did not answer in
 * time, break `no-throw` instead. A step that asks what a submission
 * answering from memory was never asked (NotAsked) ends its run, breaking
 * nothing: the search goes only where the answers known lead.
 */
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import type { Model } from "../../model-contract/model.js";
import type { Reduction } from "../../model-contract/reduction.js";
import { always, type Property } from "../../model-contract/property.js";
import { wholeStateParts, type StateParts, type StepFootprint } from "../../model-contract/state-parts.js";
import { NotAsked } from "./not-asked.js";
import { RuleFault } from "./rule-fault.js";
import type { StepRule } from "./step-rules.js";

export interface GradedState<State> {
  readonly state: State;
  /**
   * The step rule the step into this state broke, and why (and, for
   * malformed effects, what the rule saw; for no-throw, whether the rule did
   * not answer in time rather than threw; for an answer refused in a run
   * with several snapshots, the one it was for, where that can be told).
   */
  readonly broken?: {
    readonly rule: string;
    readonly reason: string;
    readonly details?: readonly string[];
    readonly late?: true;
    readonly snapshot?: number;
  };
}

export const WELL_FORMED_EFFECTS = "well-formed-effects";
export const NO_THROW = "no-throw";
/** The mark of a step that asked what was never asked (NotAsked): no property judges it. */
const NOT_ASKED = "not-asked";

const wellFormedClaim =
  "A rule answers with a list of effects its process can carry out: known types with their fields, its own channels in the right direction, messages that were sent, recorded only on an open channel.";
const noThrowClaim = "A rule returns its effects, in time: it never throws.";

/**
 * `refused(state, action)` is the step with the rules' effects left out (the
 * message still delivered), where a rule's answer was refused: what the trace
 * shows as that step. Without it the state stays as it was.
 */
export function gradedModel<State, Action>(
  system: Model<State, Action>,
  stepRules: readonly StepRule<State, Action>[],
  properties: readonly Property<State>[],
  refused: (state: State, action: Action) => State = (state) => state,
  throwsEndRuns = false,
): Model<GradedState<State>, Action> {
  const brokenRule = (name: string, claim: string) => always<GradedState<State>>(name, claim, (g) => (g.broken?.rule === name ? g.broken.reason : undefined));
  const ruleProperties = [
    brokenRule(WELL_FORMED_EFFECTS, wellFormedClaim),
    ...(throwsEndRuns ? [brokenRule(NO_THROW, noThrowClaim)] : []),
    ...stepRules.map((rule) => brokenRule(rule.name, rule.claim)),
  ];
  const lifted = properties.map((p): Property<GradedState<State>> => ({ ...p, check: (g) => (g.broken ? undefined : p.check(g.state)) }));
  const reduction = system.reduction && gradedReduction(system.reduction, ruleProperties, lifted, properties);
  return {
    initStates: () => system.initStates().map((state) => ({ state })),
    actions: (g) => (g.broken ? [] : system.actions(g.state)),
    nextState(g, action) {
      let after: State;
      try {
        after = system.nextState(g.state, action);
      } catch (error) {
        if (error instanceof NotAsked) return { state: g.state, broken: { rule: NOT_ASKED, reason: error.message } };
        // The check of an answer (valid-effects.ts) tells what the rule saw.
        const malformed = error instanceof MalformedEffectError || (error instanceof RuleFault && error.fault === "malformed");
        const threw = throwsEndRuns && error instanceof RuleFault && (error.fault === "throws" || error.fault === "timeout");
        if (!malformed && !threw) throw error;
        const details = error instanceof MalformedEffectError && error.details.length > 0 ? { details: error.details } : {};
        const late = threw && error.fault === "timeout" ? { late: true as const } : {};
        const snapshot = error instanceof MalformedEffectError && error.snapshot !== undefined ? { snapshot: error.snapshot } : {};
        return {
          state: refused(g.state, action),
          broken: { rule: threw ? NO_THROW : WELL_FORMED_EFFECTS, reason: error.message, ...details, ...late, ...snapshot },
        };
      }
      for (const rule of stepRules) {
        const reason = rule.check(g.state, action, after);
        if (reason !== undefined) return { state: after, broken: { rule: rule.name, reason } };
      }
      return { state: after };
    },
    properties: () => [...ruleProperties, ...lifted],
    key: (g) => (g.broken ? `${brokenKey(g.broken)}/${system.key(g.state)}` : system.key(g.state)),
    parts: gradedParts(
      system.parts ?? wholeStateParts(system.key),
      ruleProperties.map(({ name }) => name),
      sharedProperties(system, properties),
    ),
    ...(reduction ? { reduction } : {}),
  };
}

/**
 * The system's reduction, for the graded model (spec/reduction.md). A step
 * that breaks a step rule ends its run: its state is terminal, so the
 * explorer never seeds a stubborn set with it (ReductionRules.terminal),
 * and a broken rule fails only there, after a step that a reduced search
 * takes wherever a full one can (its process's view and message alike).
 * Such a step is exempt from the
 * system's assumptions: the grader has refused it already. A property that
 * judges one process's view in every state (exercise 3's) is kept only if
 * every step of a process stays dependent on its others: the steps that
 * would be found to commute are not tried then.
 */
function gradedReduction<State, Action>(
  inner: Reduction<State, Action>,
  ruleProperties: readonly Property<GradedState<State>>[],
  lifted: readonly Property<GradedState<State>>[],
  properties: readonly Property<State>[],
): Reduction<GradedState<State>, Action> {
  const local = properties.some((p) => p.expectation === "always" && p.local === true);
  const checkable = inner.checkable?.bind(inner);
  return {
    transitions: inner.transitions,
    transition: (g, action) => inner.transition(g.state, action),
    dependents: (g, t, add) => inner.dependents(g.state, t, add),
    enablers: (g, t, add) => inner.enablers(g.state, t, add),
    ...(checkable && !local ? { checkable: (g: GradedState<State>, t: number, add: (u: number) => void) => checkable(g.state, t, add) } : {}),
    assumptionBroken: (before, action, after) => (after.broken ? undefined : inner.assumptionBroken?.(before.state, action, after.state)),
    keeps(property) {
      if (ruleProperties.includes(property)) return true;
      const own = properties[lifted.indexOf(property)];
      // A local property is kept by the relation without the steps tried (spec/reduction.md).
      return own !== undefined && (inner.keeps(own) || own.local === true);
    },
  };
}

/** How many of `properties`, from the first, are the system's own, in its order: what its parts may tell of them (StateParts.mayFail). */
function sharedProperties<State>(system: Model<State, unknown>, properties: readonly Property<State>[]): number {
  const own = system.properties();
  let shared = 0;
  while (shared < properties.length && properties[shared] === own[shared]) shared++;
  return shared;
}

/**
 * The system's parts, after one more: the step rule broken on the way in, if
 * any (keyed by its name and reason, as `key` is: a
 * part keyed by the name alone handed every state that broke a rule back with
 * the reason of the first one met), stored with the system's first group.
 * A step may break a step rule, so it may change that part too; the step rules
 * look only at what the step touched and the markers it sent (step-rules.ts),
 * so a step reads that part and what the system's step reads.
 *
 * The system's actions, listed part by part, come after that part's, which
 * ends the run once a rule is broken. Of the properties, the rules' fail only
 * where that part names them, and the first `shared` of the others (the
 * system's own, lifted) are as the system's parts say, once no rule is broken.
 */
function gradedParts<State, Action>(inner: StateParts<State, Action>, rules: readonly string[], shared: number): StateParts<GradedState<State>, Action> {
  const shifted = (slots: readonly number[]) => slots.map((slot) => slot + 1);
  const [first = [], ...rest] = inner.groups ?? Array.from({ length: inner.count }, (_, slot) => [slot]);
  const footprints = new WeakMap<StepFootprint, StepFootprint>();
  const innerActionsOf = inner.actionsOf?.bind(inner);
  const innerMayFail = inner.mayFail?.bind(inner);
  return {
    count: 1 + inner.count,
    groups: [[0, ...shifted(first)], ...rest.map(shifted)],
    ...(inner.footprint
      ? {
          footprint(g: GradedState<State>, action: Action) {
            const own = inner.footprint!(g.state, action);
            let lifted = footprints.get(own);
            if (!lifted) {
              lifted = { key: own.key, slots: [0, ...shifted(own.slots)], ...(own.reads ? { reads: [0, ...shifted(own.reads)] } : {}) };
              footprints.set(own, lifted);
            }
            return lifted;
          },
        }
      : {}),
    ...(inner.actionSources && innerActionsOf
      ? {
          actionSources: [0, ...shifted(inner.actionSources)],
          actionsOf: (part: unknown, source: number) => (source === 0 ? (part === undefined ? [] : null) : innerActionsOf(part, source - 1)),
        }
      : {}),
    mayFail(part: unknown, slot: number, property: number) {
      const broken = slot === 0 ? (part as GradedState<State>["broken"]) : undefined;
      if (property < rules.length) return slot !== 0 || broken?.rule === rules[property];
      if (slot === 0) return broken === undefined;
      const own = property - rules.length;
      return own >= shared || innerMayFail === undefined || innerMayFail(part, slot - 1, own);
    },
    split: (g) => [g.broken, ...inner.split(g.state)],
    join(parts) {
      const broken = parts[0] as GradedState<State>["broken"];
      const state = inner.join(parts.slice(1));
      return broken ? { state, broken } : { state };
    },
    key: (part, slot) => (slot === 0 ? (part === undefined ? "" : brokenKey(part as NonNullable<GradedState<State>["broken"]>)) : inner.key(part, slot - 1)),
  };
}

/** A broken step rule, as keys name it: the rule and why, so that a state is handed back with its own reason. */
function brokenKey(broken: NonNullable<GradedState<unknown>["broken"]>): string {
  return `!${broken.rule}: ${broken.reason}${broken.details ? `\n${broken.details.join("\n")}` : ""}`;
}
