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
import { ObjectNumbers } from "../object-numbers.js";
import { incomingChannels } from "../scenario.js";
import type { MultiSnapshotScenario, MultiSnapshotState } from "./multi-snapshot-state.js";

export class RememberedMultiAnswers<Answer> {
  private readonly answers = new Map<string, Answer>();
  /** A number for each recording met, to name it in a question. */
  private readonly numbers = new ObjectNumbers();
  private readonly incoming: readonly (readonly number[])[];

  constructor(scenario: MultiSnapshotScenario) {
    this.incoming = scenario.processes.map((_, p) => incomingChannels(scenario, p));
  }

  /** The answer to `question` (a rule and its input, e.g. "marker 2 1") asked of `process` in `state`. */
  answer(state: MultiSnapshotState, process: number, question: string, ask: () => Answer): Answer {
    // Per snapshot: "-" where the process has not recorded, else the numbers of its incoming recordings.
    const seen = state.layers.map((layer) =>
      layer.recorded[process] === null ? "-" : this.incoming[process]!.map((c) => this.numbers.of(layer.recordings[c]!)).join(","),
    );
    const key = `${process} ${seen.join("/")} ${question}`;
    if (this.answers.has(key)) return this.answers.get(key)!;
    const answer = ask();
    this.answers.set(key, answer);
    return answer;
  }
}
