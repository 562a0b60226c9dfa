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
import { incomingChannels, type Scenario } from "./scenario.js";

/** By each incoming channel's recording in turn, then by question: the answers. */
type ByRecording<Answer> = Map<unknown, ByRecording<Answer> | Answer>;

export class RememberedAnswers<Answer> {
  private readonly byProcess = new WeakMap<ProcessState, ByRecording<Answer>>();
  private readonly incoming: readonly (readonly number[])[];

  constructor(scenario: Scenario) {
    this.incoming = scenario.processes.map((_, p) => incomingChannels(scenario, p));
  }

  /** The answer to `question` (a rule and its input, e.g. "message 2 P0#1 white") about `process` in `state`. */
  answer(state: BankState, process: number, question: string, ask: () => Answer): Answer {
    const part = state.processes[process]!;
    let answers = this.byProcess.get(part);
    if (!answers) this.byProcess.set(part, (answers = new Map()));
    // Found by the identity of the parts, one map a recording: no key is built.
    for (const c of this.incoming[process]!) {
      const recording = state.channels[c]!.recording;
      let next = answers.get(recording) as ByRecording<Answer> | undefined;
      if (!next) answers.set(recording, (next = new Map()));
      answers = next;
    }
    if (answers.has(question)) return answers.get(question) as Answer;
    const answer = ask();
    answers.set(question, answer);
    return answer;
  }
}
