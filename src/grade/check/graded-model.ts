/**
 * The model the grader explores: a system with a learner's rules plugged in,
 * plus the step rules. A step that breaks a step rule leads to a state marked
 * with the broken rule, where the run ends; every property of the system is
 * checked on the other states. A rule that answers with effects that cannot
 * be carried out breaks `well-formed-effects` the same way, so the explorer
 * finds the shortest run to it. A rule that breaks its contract otherwise
 * (throws, changes its input) stops the exploration with a RuleFault: no
 * trace can make such rules right.
 */
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import type { Model } from "../../model/model.js";
import { always, type Property } from "../../model/property.js";
import { MalformedEffects } from "./effects.js";
import { RuleFault } from "./rule-fault.js";
import type { StepRule } from "./step-rules.js";

export interface GradedState<State> {
  readonly state: State;
  /** The step rule the step into this state broke, and why (and, for malformed effects, what the rule saw). */
  readonly broken?: { readonly rule: string; readonly reason: string; readonly details?: readonly string[] };
}

export const WELL_FORMED_EFFECTS = "well-formed-effects";

const wellFormedClaim =
  "A rule answers with a list of effects its process can carry out: known types with their fields, its own channels in the right direction, messages that were sent, recorded only on an open channel.";

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
): Model<GradedState<State>, Action> {
  const brokenRule = (name: string, claim: string) => always<GradedState<State>>(name, claim, (g) => (g.broken?.rule === name ? g.broken.reason : undefined));
  const ruleProperties = [brokenRule(WELL_FORMED_EFFECTS, wellFormedClaim), ...stepRules.map((rule) => brokenRule(rule.name, rule.claim))];
  const lifted = properties.map((p): Property<GradedState<State>> => ({ ...p, check: (g) => (g.broken ? undefined : p.check(g.state)) }));
  return {
    initStates: () => system.initStates().map((state) => ({ state })),
    actions: (g) => (g.broken ? [] : system.actions(g.state)),
    nextState(g, action) {
      let after: State;
      try {
        after = system.nextState(g.state, action);
      } catch (error) {
        // The grader's check (effects.ts) tells what the rule saw; the bank's own refusal is the last line of defence.
        const malformed = error instanceof MalformedEffectError || (error instanceof RuleFault && error.fault === "malformed");
        if (!malformed) throw error;
        const details = error instanceof MalformedEffects ? { details: error.details } : {};
        return { state: refused(g.state, action), broken: { rule: WELL_FORMED_EFFECTS, reason: error.message, ...details } };
      }
      for (const rule of stepRules) {
        const reason = rule.check(g.state, action, after);
        if (reason !== undefined) return { state: after, broken: { rule: rule.name, reason } };
      }
      return { state: after };
    },
    properties: () => [...ruleProperties, ...lifted],
    key: (g) => (g.broken ? `!${g.broken.rule}/${system.key(g.state)}` : system.key(g.state)),
  };
}
