/**
 * The bank's scenario file, one row per key, in the order the parser checks
 * them: the parser refuses any other key, and spec/model.md's field reference
 * is this table (a test compares them).
 */
import type { ScenarioField } from "../../scenario/scenario-fields.js";

export const bankFields: readonly ScenarioField[] = [
  { key: "model", meaning: 'optional, default `"bank"`. `"database"` and `"dataflow"` are the other systems of the case studies, with formats of their own (`spec/case-studies/`)' },
  { key: "name", meaning: "optional; defaults to the file name without `.json`" },
  {
    key: "processes",
    meaning: "process id → initial balance (an integer). The order of the keys is the order of the processes everywhere: in actions, reports and keys.",
  },
  {
    key: "channels",
    meaning:
      "optional list of directed pairs `[from, to]`, `from ≠ to`, no pair twice. Left out: every ordered pair of distinct processes (the complete directed graph), in process order.",
  },
  {
    key: "programs",
    meaning:
      "optional; per process, the transfers it makes, in order. A process not named has nothing to send. Each `to` must be the far end of a channel from this process; each `amount` a positive integer. Sends do not wait for anything: a balance may go negative.",
  },
  { key: "initiators", meaning: "non-empty list of distinct processes, each of which may start the snapshot on its own" },
  { key: "fifo", meaning: "optional, default `true`. `snaplab explore --fifo` / `--no-fifo` overrides it." },
  { key: "atomicSend", meaning: 'optional, default `true`. `false` splits every send in two actions (see "Beyond the contract")' },
  { key: "algorithm", meaning: 'optional, default `"chandy-lamport"`: the snapshot rules to run (`snaplab explore --algorithm` overrides it)' },
];
