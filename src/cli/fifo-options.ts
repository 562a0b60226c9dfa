/**
 * `--fifo` and `--no-fifo`, which override a bank scenario's `fifo`: two
 * switches, declared each as every switch is (option-values.ts). yargs' own
 * `--no-` negation is off (main.ts): it read `--no-fifo` as `--fifo` false
 * but `--no-fifo=x` as an unknown option `no-fifo`, where `--fifo=x` is a
 * switch given a value.
 */
export const fifoOptions = {
  fifo: { type: "boolean", nargs: 0, describe: "FIFO channels; overrides the scenario" },
  "no-fifo": {
    type: "boolean",
    nargs: 0,
    conflicts: "fifo",
    describe: "channels that deliver any message in flight next; overrides the scenario",
  },
} as const;

/** What the two say of the scenario's `fifo`: true, false, or undefined to keep it. */
export const fifoGiven = (args: { fifo?: boolean; noFifo?: boolean }): boolean | undefined => (args.noFifo ? false : args.fifo);
