/**
 * The model the grader explores: a system with a learner's rules plugged in,
 * plus the step rules. A step that breaks a step rule leads to a state marked
 * with the broken rule, where the run ends; every property of the system is
 * checked on the other states. A rule that breaks its contract (throws,
 * returns something that is not an effect) stops the exploration with a
 * RuleFault: no trace can make such rules right.
 */
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import type { Model } from "../../model/model.js";
import { always, type Property } from "../../model/property.js";
import { RuleFault } from "./rule-fault.js";
import type { StepRule } from "./step-rules.js";

export interface GradedState<State> {
  readonly state: State;
  /** The step rule the step into this state broke, and why. */
  readonly broken?: { readonly rule: string; readonly reason: string };
}

export function gradedModel<State, Action>(
  system: Model<State, Action>,
  stepRules: readonly StepRule<State, Action>[],
  properties: readonly Property<State>[],
): Model<GradedState<State>, Action> {
  const ruleProperties = stepRules.map((rule) =>
    always<GradedState<State>>(rule.name, rule.claim, (g) => (g.broken?.rule === rule.name ? g.broken.reason : undefined)),
  );
  const lifted = properties.map(
    (p): Property<GradedState<State>> => ({ ...p, check: (g) => (g.broken ? undefined : p.check(g.state)) }),
  );
  return {
    initStates: () => system.initStates().map((state) => ({ state })),
    actions: (g) => (g.broken ? [] : system.actions(g.state)),
    nextState(g, action) {
      let after: State;
      try {
        after = system.nextState(g.state, action);
      } catch (error) {
        if (error instanceof MalformedEffectError) throw new RuleFault("malformed", error.message);
        throw error;
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
