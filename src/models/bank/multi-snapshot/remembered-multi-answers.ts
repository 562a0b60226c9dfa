/**
 * The rules' answers in a run with several snapshots, remembered by what they
 * were asked about, as remembered-answers.ts does with one snapshot. A rule
 * sees which snapshots its process has recorded and, in each, the recordings
 * of its incoming channels (multiView), nothing of the bank's own state, so
 * the same layers and input always get the same answer, whatever the
 * balances. The explorer hands over states made of interned parts, so the
 * recordings are found by identity: a question asked again builds no view and
 * reaches no sandbox (exercise 6 asked its rules 8,821 times for 395 distinct
 * questions). A state made otherwise only misses, and asks the rules again.
 */
import { incomingChannels } from "../scenario.js";
import type { MultiSnapshotScenario, MultiSnapshotState } from "./multi-snapshot-state.js";

/** By what the process sees of each snapshot in turn, then by question: the answers. */
type BySeen<Answer> = Map<unknown, BySeen<Answer> | Answer>;

/** What a snapshot's layer shows first: whether the process has recorded in it (then its incoming recordings follow). */
const RECORDED = Symbol("recorded");
const NOT_RECORDED = Symbol("not recorded");

export class RememberedMultiAnswers<Answer> {
  private readonly byProcess: BySeen<Answer>[];
  private readonly incoming: readonly (readonly number[])[];

  constructor(scenario: MultiSnapshotScenario) {
    this.incoming = scenario.processes.map((_, p) => incomingChannels(scenario, p));
    this.byProcess = scenario.processes.map(() => new Map());
  }

  /** The answer to `question` (a rule and its input, e.g. "marker 2 1") asked of `process` in `state`. */
  answer(state: MultiSnapshotState, process: number, question: string, ask: () => Answer): Answer {
    // Found by the identity of the parts, one map a step of the way: no key is built.
    let answers = this.byProcess[process]!;
    const next = (seen: unknown) => {
      let found = answers.get(seen) as BySeen<Answer> | undefined;
      if (!found) answers.set(seen, (found = new Map()));
      answers = found;
    };
    for (const layer of state.layers) {
      if (layer.recorded[process] === null) next(NOT_RECORDED);
      else {
        next(RECORDED);
        for (const c of this.incoming[process]!) next(layer.recordings[c]!);
      }
    }
    if (answers.has(question)) return answers.get(question) as Answer;
    const answer = ask();
    answers.set(question, answer);
    return answer;
  }
}
