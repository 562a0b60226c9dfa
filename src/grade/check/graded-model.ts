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

/** How many times a chunk's questions are gathered: a step or property asks its questions one after another, so each round may reveal the next. */
const GATHER_ROUNDS = 8;

/**
 * `refused(state, action)` is the step with the rules' effects left out (the
 * message still delivered), where a rule's answer was refused: what the trace
 * shows as that step. Without it the state stays as it was.
 *
 * `gather` (Submission.gather) lets the model ask, before a chunk of states
 * is expanded, every question their steps and properties will ask, in a few
 * batches: it works the steps and properties out while gathering, keeps
 * those it could finish, and hands them to the explorer when it asks. What
 * it could not finish (a question that breaks the contract, an error) is
 * done again when the explorer asks, in the order it asks, as without it.
 */
export function gradedModel<State, Action>(
  system: Model<State, Action>,
  stepRules: readonly StepRule<State, Action>[],
  properties: readonly Property<State>[],
  refused: (state: State, action: Action) => State = (state) => state,
  gather?: (run: () => void) => boolean,
): Model<GradedState<State>, Action> {
  type Graded = GradedState<State>;
  const brokenRule = (name: string, claim: string) => always<Graded>(name, claim, (g) => (g.broken?.rule === name ? g.broken.reason : undefined));
  const ruleProperties = [brokenRule(WELL_FORMED_EFFECTS, wellFormedClaim), ...stepRules.map((rule) => brokenRule(rule.name, rule.claim))];

  // What was worked out while gathering, for the chunk being expanded (by object: the explorer asks about the states and actions it was given).
  const actionLists = new Map<Graded, readonly Action[]>();
  const successors = new Map<Graded, Map<Action, Graded>>();
  const verdicts = properties.map(() => new Map<Graded, string | undefined>());

  const lifted = properties.map(
    (p, i): Property<Graded> => ({
      ...p,
      check: (g) => {
        if (g.broken) return undefined;
        const known = verdicts[i]!;
        return known.has(g) ? known.get(g) : p.check(g.state);
      },
    }),
  );
  const actions = (g: Graded) => actionLists.get(g) ?? (g.broken ? [] : system.actions(g.state));

  const step = (g: Graded, action: Action): Graded => {
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
  };

  /** Works out what it can of `g`'s properties and steps; whatever throws (a question not answered yet) is left for later. */
  const workOut = (g: Graded) => {
    if (g.broken) return;
    let list = actionLists.get(g);
    if (!list) actionLists.set(g, (list = system.actions(g.state)));
    properties.forEach((p, i) => {
      if (verdicts[i]!.has(g) || (p.expectation === "atTermination" && list.length > 0)) return;
      try {
        verdicts[i]!.set(g, p.check(g.state));
      } catch {
        // asked again when the explorer checks it
      }
    });
    let known = successors.get(g);
    if (!known) successors.set(g, (known = new Map()));
    for (const action of list) {
      if (known.has(action)) continue;
      try {
        known.set(action, step(g, action));
      } catch {
        // taken again when the explorer expands it
      }
    }
  };

  return {
    initStates: () => system.initStates().map((state) => ({ state })),
    actions,
    nextState: (g, action) => successors.get(g)?.get(action) ?? step(g, action),
    properties: () => [...ruleProperties, ...lifted],
    key: (g) => (g.broken ? `!${g.broken.rule}/${system.key(g.state)}` : system.key(g.state)),
    ...(gather
      ? {
          prepare(states: readonly Graded[]) {
            // The chunk before this one is expanded: what was kept for it is not needed any more.
            actionLists.clear();
            successors.clear();
            for (const known of verdicts) known.clear();
            for (let round = 0; round < GATHER_ROUNDS; round++) {
              if (!gather(() => states.forEach(workOut))) break;
            }
          },
        }
      : {}),
  };
}
