/**
 * A small dataflow (the dataflow case study): two sources feeding the two inputs of one
 * operator, which feeds a sink, over FIFO channels. Each source emits its
 * records in order; the checkpoint coordinator has every source inject
 * barriers 1, 2, … up to `checkpoints`, one checkpoint at a time (Flink's
 * default). This is the resolved form of a `"model": "dataflow"` file.
 */
export interface DataflowScenario {
  readonly name: string;
  /** The two sources' names, e.g. ["S1", "S2"]; source i feeds operator input i. */
  readonly sources: readonly [string, string];
  /** Per source, its records' ids in emission order, "<source>#<k>". */
  readonly records: readonly [readonly string[], readonly string[]];
  /** How many checkpoints are taken (barriers 1 .. checkpoints). */
  readonly checkpoints: number;
  /** The operator's barrier mode. */
  readonly algorithm: string;
}

/** Channel numbers: source i -> operator input i, then operator -> sink. */
export const TO_SINK = 2;
