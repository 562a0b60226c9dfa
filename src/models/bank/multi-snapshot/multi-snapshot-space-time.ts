/**
 * A run with several snapshots drawn as one of them sees it: the bank's
 * space-time view (bank-space-time.ts) of that snapshot's layer, its cut and
 * what breaks it, with every snapshot's markers and recordings, each labelled
 * with its snapshot. The snapshot drawn is the one the
 * violated property names ("conservation (snapshot 1)"); for a rule's
 * answer refused, the one it was for (`refusedFor`: the snapshot its effect
 * names, else the call's); for a rule that threw, the one the rule was asked
 * about (its call names it: "rules.onMarker(...) at P0 (marker 1 on
 * P1->P0)"). A property about the whole run (non-interference), or an
 * answer of onMessage (which names no snapshot) that names none of the
 * run's, is drawn as snapshot 0 sees it.
 */
import type { Violation } from "../../../explore/exploration.js";
import type { SpaceTime } from "../../../view/space-time-view.js";
import type { BankAction } from "../actions.js";
import { bankSpaceTime } from "../bank-space-time.js";
import type { BankState } from "../bank-state.js";
import { describeMultiStep } from "./describe-multi-snapshot-step.js";
import { layerState, type MultiSnapshotScenario, type MultiSnapshotState } from "./multi-snapshot-state.js";

/** The snapshot a rule's call was about, as the grader names the call at the start of a reason (submitted-multi-rules.ts). */
const askedAbout = /^rules\.\w+\([^)]*\) at \S+ \((?:snapshot|marker) (\d+)\b/;

export function multiSnapshotSpaceTime(
  scenario: MultiSnapshotScenario,
  violation: Violation<MultiSnapshotState, BankAction> & { readonly length?: number; readonly refusedFor?: number },
): SpaceTime {
  const named = /\(snapshot (\d+)\)$/.exec(violation.property);
  const s = named ? Number(named[1]) : (violation.refusedFor ?? Number(askedAbout.exec(violation.reason)?.[1] ?? 0));
  const { states, actions } = violation.path;
  const seen: BankState[] = states.map((state) => layerState(state, s));
  return bankSpaceTime(
    scenario,
    { ...violation, path: { states: seen, actions } },
    {
      several: {
        drawn: s,
        count: scenario.snapshots.length,
        recorded: (state, snapshot, process) => states[state]!.layers[snapshot]!.recorded[process]!,
        steps: actions.map((action, i) => describeMultiStep(scenario, states[i]!, action, states[i + 1]!)),
      },
    },
  );
}
