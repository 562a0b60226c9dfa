import { SnaplabError } from "./snaplab-error.js";

/** A rule returned something that is not a valid effect for its process (any model's rules). */
export class MalformedEffectError extends SnaplabError {
  constructor(message: string) {
    super("MALFORMED_EFFECT", message);
  }
}
