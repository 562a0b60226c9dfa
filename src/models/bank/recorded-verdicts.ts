/**
 * The verdicts of the four snapshot properties, remembered by the recorded
 * part of the state. On reliable channels they look only at what was
 * recorded (each process's recorded state, each channel's recording), which
 * never changes once the snapshot is complete, while the run goes on around
 * it; the explorer hands those over as shared objects (the interned parts,
 * src/explore/interned-model.ts), so a recorded part met again is found by
 * their identity and judged once. A state made otherwise only misses.
 */
import type { Verdict } from "../../model-contract/property.js";
import type { BankState } from "./bank-state.js";
import { type PartPath, remembered, startingAt, through } from "./remembered-by-identity.js";

export class RecordedVerdicts {
  /**
   * By the first process's recorded state, then each other process's and each
   * channel's recording in turn: the verdicts, by property name. Held weakly
   * at the root (startingAt), as remembered answers are.
   */
  private readonly byFirst = new WeakMap<object, PartPath>();
  /** The last state asked about, and its recorded part's verdicts: the four properties ask about the same state in a row. */
  private last: BankState | undefined;
  private lastVerdicts: PartPath = new Map();

  /** The verdict of property `name` on `state`, worked out by `check` the first time its recorded part is met. */
  verdict(name: string, state: BankState, check: (state: BankState) => Verdict): Verdict {
    return remembered(this.verdictsOf(state), name, () => check(state));
  }

  private verdictsOf(state: BankState): PartPath {
    if (state !== this.last) {
      const { processes, channels } = state;
      let verdicts = startingAt(this.byFirst, processes[0]!.recorded!);
      for (let p = 1; p < processes.length; p++) verdicts = through(verdicts, processes[p]!.recorded);
      for (const channel of channels) verdicts = through(verdicts, channel.recording);
      this.last = state;
      this.lastVerdicts = verdicts;
    }
    return this.lastVerdicts;
  }
}
