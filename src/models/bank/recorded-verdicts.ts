/**
 * The verdicts of the four snapshot properties, remembered by the recorded
 * part of the state. On reliable channels they look only at what was
 * recorded (each process's recorded state, each channel's recording), which
 * never changes once the snapshot is complete, while the run goes on around
 * it; the explorer hands those over as shared objects (the interned parts,
 * src/explore/interned-model.ts), so a recorded part met again is found by
 * their identity and judged once. A state made otherwise only misses.
 */
import type { Verdict } from "../../model/property.js";
import type { BankState } from "./bank-state.js";
import { ObjectNumbers } from "./object-numbers.js";
import { remembered } from "./remembered-by-identity.js";

export class RecordedVerdicts {
  private readonly numbers = new ObjectNumbers();
  /** By recorded part, the verdicts worked out so far, by property name. */
  private readonly verdicts = new Map<string, Map<string, Verdict>>();
  /** The last state asked about, and its recorded part's verdicts: the four properties ask about the same state in a row. */
  private last: BankState | undefined;
  private lastVerdicts = new Map<string, Verdict>();

  /** The verdict of property `name` on `state`, worked out by `check` the first time its recorded part is met. */
  verdict(name: string, state: BankState, check: (state: BankState) => Verdict): Verdict {
    return remembered(this.verdictsOf(state), name, () => check(state));
  }

  private verdictsOf(state: BankState): Map<string, Verdict> {
    if (state !== this.last) {
      const recorded = state.processes.map((p) => this.numbers.of(p.recorded!));
      const recordings = state.channels.map((c) => this.numbers.of(c.recording));
      const key = `${recorded.join(",")}/${recordings.join(",")}`;
      let verdicts = this.verdicts.get(key);
      if (!verdicts) this.verdicts.set(key, (verdicts = new Map()));
      this.last = state;
      this.lastVerdicts = verdicts;
    }
    return this.lastVerdicts;
  }
}
