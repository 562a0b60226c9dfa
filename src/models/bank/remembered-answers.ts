/**
 * The rules' answers, remembered by what they were asked about. Rules are
 * pure by contract, and a rule sees only its process and the recordings of
 * its incoming channels (process-view.ts), so the same process and
 * recordings with the same input always get the same answer. The explorer
 * hands the bank states made of shared, interned parts (equal parts are the
 * same object, src/explore/interned-model.ts), so the question is found by
 * the identity of those parts: no view is built and nothing is serialised to
 * find it. A state made otherwise only misses, and asks the rules again.
 */
import type { BankState, ProcessState } from "./bank-state.js";
import { type PartPath, remembered, startingAt, through } from "./remembered-by-identity.js";
import { incomingChannels, type Scenario } from "./scenario.js";

export class RememberedAnswers<Answer> {
  /** By process, then by each incoming channel's recording in turn, then by question: the answers. */
  private readonly byProcess = new WeakMap<ProcessState, PartPath>();
  private readonly incoming: readonly (readonly number[])[];

  constructor(scenario: Scenario) {
    this.incoming = scenario.processes.map((_, p) => incomingChannels(scenario, p));
  }

  /** The answer to `question` (a rule and its input, e.g. "message 2 P0#1 white") about `process` in `state`. */
  answer(state: BankState, process: number, question: string, ask: () => Answer): Answer {
    let answers = startingAt(this.byProcess, state.processes[process]!);
    for (const c of this.incoming[process]!) answers = through(answers, state.channels[c]!.recording);
    return remembered(answers, question, ask);
  }
}
