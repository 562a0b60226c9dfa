/**
 * The commands of `snaplab`: how each is typed and what it does, in a line.
 * `snaplab --help` lists them from here, without loading their modules: a
 * command's module (its options and what it does) is loaded only when the
 * command is typed (main.ts).
 */
export const commandList = {
  explore: { command: "explore <scenario>", describe: "Explore every interleaving of a scenario and check the snapshot properties" },
  replay: { command: "replay <trace>", describe: "Replay a counterexample saved by explore --save-trace and say whether its violation happens again" },
  grade: { command: "grade [folders..]", describe: "Grade exercise folders: every check explored exhaustively, points per exercise" },
  list: { command: "list [folder]", describe: "List the exercises of a folder with their status" },
  hint: { command: "hint <number> [folder]", describe: "Print the hint of exercise N" },
  promela: { command: "promela <scenario>", describe: "Write the scenario with the reference Chandy-Lamport rules as a Promela model for SPIN" },
  cos418: {
    command: "cos418 <top> <events>",
    describe: "Convert COS418's snapshot test data (.top, .events) to a scenario and say whether each expected .snap can be recorded",
  },
  live: {
    command: "live <scenario>",
    describe: "Run a scenario's bank for real (one process per bank process, TCP on 127.0.0.1) and check each snapshot against the logs",
  },
  node: { command: "node", describe: "Run one process of a live bank (see snaplab live); its neighbours are in the cluster file" },
  "check-logs": {
    command: "check-logs <logs..>",
    describe: "Check the event logs of one run of a cluster's nodes (snaplab node), gathered from their machines, as snaplab live checks its runs",
  },
  ui: { command: "ui", describe: "Serve the page where you step through a scenario, explore it and replay traces, in the browser" },
  classroom: { command: "classroom", describe: "For instructors: a Gradescope autograder, a GitHub Classroom starter repository" },
} as const;

/** A command by name, as `commandList` has them. */
export type CommandName = keyof typeof commandList;
