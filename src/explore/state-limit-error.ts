import { SnaplabError } from "../errors/snaplab-error.js";

/** Raised when an exploration would store more states than allowed. */
export class StateLimitError extends SnaplabError {
  constructor(readonly limit: number) {
    super("STATE_LIMIT", `stopped after ${limit.toLocaleString("en-US")} states (--max-states); raise the limit or shrink the scenario`);
  }
}
