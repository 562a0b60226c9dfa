/**
 * A data message's colour, Lai-Yang's: white if its sender had not recorded
 * when it sent it, red if it had. The bank hands it to the rules with each
 * message (system.ts). Exercise 5's rules turn on it, so the steps and
 * pictures of their runs tell it beside the message's id, "(P0#1, red)",
 * "P0#1 (10, red)": a learner reading a counterexample needs what their rules
 * were handed. So do those of any rules file explored or replayed
 * (rules-file.ts), which may be exercise 5's. Other runs leave it out.
 */
import type { DeliveredMessage, SnapshotAlgorithm } from "./algorithms/snapshot-algorithm.js";
import type { BankState } from "./bank-state.js";
import { sentAfterRecording } from "./cut.js";
import type { Scenario } from "./scenario.js";

export type Colour = DeliveredMessage["colour"];

/** The colour of message `id` in `state`, a state in which it has been sent. */
export function colourOf(scenario: Scenario, state: BankState, id: string): Colour {
  return sentAfterRecording(scenario, state, id) ? "red" : "white";
}

/** Rules whose runs tell each message's colour, as the kit marks them. */
interface ColourTelling {
  readonly tellsColours?: true;
}

/** `rules`, with their runs telling each message's colour. */
export function tellingColours<Rules extends SnapshotAlgorithm>(rules: Rules): Rules {
  return { ...rules, tellsColours: true } satisfies Rules & ColourTelling;
}

export function tellsColours(rules: SnapshotAlgorithm): boolean {
  return (rules as ColourTelling).tellsColours === true;
}
