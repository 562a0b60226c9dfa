/** What an exhaustive exploration finds: figures, terminal states, violations. */
import type { Path } from "./path.js";

export interface Violation<State, Action> {
  /** The property's name. */
  readonly property: string;
  /** Why the last state of the path breaks it. */
  readonly reason: string;
  /** A shortest path from an initial state to a violating state. */
  readonly path: Path<State, Action>;
}

export interface Exploration<State, Action> {
  /** Distinct reachable states, the initial ones included. */
  readonly states: number;
  /** Edges between them: every enabled action of every state, each once. */
  readonly transitions: number;
  /** Maximal action sequences from an initial state to a terminal one; `undefined` if the graph has a cycle. */
  readonly executions: bigint | undefined;
  /** With `measureExecutionsThrough`: the executions that meet a marked state. */
  readonly executionsThrough?: bigint;
  /** The terminal states (no action enabled), in discovery order. */
  readonly terminalStates: readonly State[];
  /** For each property that failed, its first (shortest) counterexample; with `counterexamples: "the shortest"`, only the shortest of them. */
  readonly violations: readonly Violation<State, Action>[];
  /** Every property that failed, by name, in the order the search met them. */
  readonly violated: readonly string[];
  readonly elapsedMs: number;
}

export interface Progress {
  readonly states: number;
  readonly transitions: number;
  readonly queued: number;
  readonly elapsedMs: number;
}
