/**
 * What the grader and a submission's sandbox say to each other. Everything
 * crosses as JSON text, so a submission only ever sees copies of plain data.
 */

/** Run the function exported at `path` ("rules.onMarker", "isPartDone") on `args`. */
export interface Call {
  readonly path: string;
  readonly args: readonly unknown[];
}

/** What a call gave: its result as JSON text, or the way it broke the rules' contract. */
export type Answer =
  | { readonly ok: true; readonly json: string | undefined }
  | { readonly ok: false; readonly fault: CallFault; readonly message: string };

export type CallFault = "missing" | "throws" | "mutates" | "non-deterministic" | "not-data" | "exits";

/** Why a sandbox stopped answering at all. */
export interface SandboxFailure {
  readonly kind: "load" | "timeout" | "memory" | "exit" | "stdout" | "lost";
  readonly message: string;
}

/** A batch of calls from the grader, or its request to shut the sandbox down. */
export type Request = { readonly type: "load" } | { readonly type: "calls"; readonly calls: readonly Call[] } | { readonly type: "close" };

export type Reply =
  | { readonly type: "loaded" }
  | { readonly type: "answers"; readonly answers: readonly Answer[] }
  | { readonly type: "failed"; readonly failure: SandboxFailure };
