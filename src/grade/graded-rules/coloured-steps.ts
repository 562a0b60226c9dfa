/**
 * Lai-Yang's traces tell each message's colour where it is sent and where it
 * arrives: white if its sender had not recorded when it sent it, red if it
 * had (the colour the rules are handed, bank/system.ts). The colour decides
 * what the receiver must do, so a learner reading a counterexample needs it.
 */
import type { BankAction } from "../../models/bank/actions.js";
import { sentAfterRecording } from "../../models/bank/cut.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { BankState } from "../../models/bank/bank-state.js";
import type { GradedSystem } from "./graded-system.js";

/** `system` with its steps telling the colour of the data message each sends or delivers. */
export function colouredSteps(scenario: Scenario, system: GradedSystem<BankState, BankAction>): GradedSystem<BankState, BankAction> {
  return {
    ...system,
    describeStep(before, action, after) {
      const text = system.describeStep(before, action, after);
      if (action.type === "send" || action.type === "transmit") {
        const { messageId } = scenario.programs[action.process]![before.processes[action.process]!.pc]!;
        // "P0 sends 10 to P1 (P0#1), ..." / "P0 puts P0#1 (10) on ...": the colour joins the first bracket after the id.
        return withColour(text, messageId, before.processes[action.process]!.recorded !== null ? "red" : "white");
      }
      if (action.type !== "deliver") return text;
      const message = before.channels[action.channel]!.queue[action.position]!;
      if (message.kind !== "data") return text;
      return withColour(text, message.id, sentAfterRecording(scenario, before, message.id) ? "red" : "white");
    },
  };
}

/** Adds the colour inside the bracket that holds or follows the message's id: "(P0#1, red)", "P0#1 (10, red)". */
function withColour(text: string, id: string, colour: "white" | "red"): string {
  const at = text.indexOf(id);
  const close = at < 0 ? -1 : text.indexOf(")", at);
  return close < 0 ? text : `${text.slice(0, close)}, ${colour}${text.slice(close)}`;
}
