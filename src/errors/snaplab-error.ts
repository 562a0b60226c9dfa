/**
 * The base of every error snaplab raises for a person to act on: a stable
 * `code` for programs, a one-line message for people. A violated property is
 * not an error; it is a result with a counterexample.
 */
export class SnaplabError extends Error {
  override readonly name = "SnaplabError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
