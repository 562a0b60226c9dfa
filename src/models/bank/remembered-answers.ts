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
import { ObjectNumbers } from "./object-numbers.js";
import { incomingChannels, type Scenario } from "./scenario.js";

export class RememberedAnswers<Answer> {
  private readonly byProcess = new WeakMap<ProcessState, Map<string, Answer>>();
  /** A number for each recording met, to name it in a question. */
  private readonly numbers = new ObjectNumbers();
  private readonly incoming: readonly (readonly number[])[];

  constructor(scenario: Scenario) {
    this.incoming = scenario.processes.map((_, p) => incomingChannels(scenario, p));
  }

  /** The answer to `question` (a rule and its input, e.g. "message 2 P0#1 white") about `process` in `state`. */
  answer(state: BankState, process: number, question: string, ask: () => Answer): Answer {
    const part = state.processes[process]!;
    let answers = this.byProcess.get(part);
    if (!answers) this.byProcess.set(part, (answers = new Map()));
    const key = `${this.incoming[process]!.map((c) => this.numbers.of(state.channels[c]!.recording)).join(",")} ${question}`;
    if (answers.has(key)) return answers.get(key)!;
    const answer = ask();
    answers.set(key, answer);
    return answer;
  }
}
