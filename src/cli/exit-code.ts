/** Exit statuses, as Maelstrom uses them: valid, invalid, could not tell. */
export const ExitCode = {
  AllHold: 0,
  Violated: 1,
  /** Bad input, or a limit was reached before an answer. */
  Unusable: 2,
  /** The reader of snaplab's output went away (`| head`): what a shell reports of a program SIGPIPE ended, 128 + 13. */
  ReaderGone: 141,
} as const;
