import { SnaplabError } from "./snaplab-error.js";

/**
 * A rule returned something that is not a valid effect for its process (any
 * model's rules). `details` tell what the rule saw (the channel's status, where
 * the channels run, its view), for a report that shows more than one line.
 */
export class MalformedEffectError extends SnaplabError {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
    /** In a run with several snapshots, the one the refused answer is for, where it can be told: a picture of the run draws that one. */
    readonly snapshot?: number,
  ) {
    super("MALFORMED_EFFECT", message);
  }
}
