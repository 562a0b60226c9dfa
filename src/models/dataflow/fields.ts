/** The dataflow's scenario file, one row per key, in the order the parser checks them; the parser refuses any other key. */
import type { ScenarioField } from "../../scenario/scenario-fields.js";

export const dataflowFields: readonly ScenarioField[] = [
  { key: "model", meaning: '`"dataflow"`' },
  { key: "name", meaning: "optional; defaults to the file name without `.json`" },
  { key: "sources", meaning: "exactly two sources (the operator's two inputs), each with the records it emits" },
  { key: "checkpoints", meaning: "how many checkpoints the sources start (a positive integer)" },
  { key: "algorithm", meaning: "the barrier mode: `aligned`, `at-least-once` or `unaligned`" },
];
