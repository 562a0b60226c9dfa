/** Exit statuses, as Maelstrom uses them: valid, invalid, could not tell. */
export const ExitCode = {
  AllHold: 0,
  Violated: 1,
  /** Bad input, or a limit was reached before an answer. */
  Unusable: 2,
} as const;
