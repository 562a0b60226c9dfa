/**
 * The rules' answers in a run with several snapshots, remembered by what they
 * were asked about, as ../remembered-answers.ts does with one snapshot. A rule
 * sees which snapshots its process has recorded and, in each, the recordings
 * of its incoming channels (multiView), nothing of the bank's own state, so
 * the same layers and input always get the same answer, whatever the
 * balances. The explorer hands over states made of interned parts, so the
 * recordings are found by identity: a question asked again builds no view and
 * reaches no sandbox (exercise 6 asked its rules 8,821 times for 395 distinct
 * questions). A state made otherwise only misses, and asks the rules again.
 */
import { type PartPath, remembered, through } from "../remembered-by-identity.js";
import { incomingChannels } from "../scenario.js";
import type { MultiSnapshotScenario, MultiSnapshotState } from "./multi-snapshot-state.js";

/** What a snapshot's layer shows first: whether the process has recorded in it (then its incoming recordings follow). */
const RECORDED = Symbol("recorded");
const NOT_RECORDED = Symbol("not recorded");

export class RememberedMultiAnswers<Answer> {
  /** By process, then by what it sees of each snapshot in turn, then by question: the answers. */
  private readonly byProcess: PartPath[];
  private readonly incoming: readonly (readonly number[])[];

  constructor(scenario: MultiSnapshotScenario) {
    this.incoming = scenario.processes.map((_, p) => incomingChannels(scenario, p));
    this.byProcess = scenario.processes.map(() => new Map());
  }

  /** The answer to `question` (a rule and its input, e.g. "marker 2 1") asked of `process` in `state`. */
  answer(state: MultiSnapshotState, process: number, question: string, ask: () => Answer): Answer {
    let answers = this.byProcess[process]!;
    for (const layer of state.layers) {
      if (layer.recorded[process] === null) answers = through(answers, NOT_RECORDED);
      else {
        answers = through(answers, RECORDED);
        for (const c of this.incoming[process]!) answers = through(answers, layer.recordings[c]!);
      }
    }
    return remembered(answers, question, ask);
  }
}
