/** The messages between the page and its search worker: plain data, as postMessage copies it. */
import type { SystemChoice } from "./system.js";

export interface SearchRequest {
  readonly choice: SystemChoice;
  /** The search stops, with a message, rather than store more states than this (the CLI's --max-states). */
  readonly maxStates: number;
}

export interface SearchProgressMessage {
  readonly type: "progress";
  readonly states: number;
  readonly elapsedMs: number;
}

export interface SearchResult {
  readonly type: "result";
  readonly states: number;
  readonly transitions: number;
  /** As digits; null if the state graph has a cycle. */
  readonly executions: string | null;
  /** Distinct recorded snapshots, where the model lists them. */
  readonly snapshots?: number;
  /** The model's further figures, e.g. "executions in which a send waits". */
  readonly figures: readonly { readonly label: string; readonly value: string }[];
  readonly properties: readonly { readonly name: string; readonly claim: string; readonly holds: boolean }[];
  /** Each violated property's shortest counterexample. */
  readonly counterexamples: readonly ShownCounterexample[];
  /** The search alone, as `snaplab explore` reports its time. */
  readonly elapsedMs: number;
}

/** A shortest counterexample as the page lists it: in words, and as the places of its actions among those enabled (what the stepper takes). */
export interface ShownCounterexample {
  readonly property: string;
  readonly reason: string;
  readonly steps: readonly string[];
  readonly path: readonly number[];
}

/**
 * The search stopped at an answer of the learner's rules that a run leads to
 * (a throw, effects their process cannot carry out): the shortest run to it,
 * as `snaplab explore --rules` shows it. Its `path` stops before the last
 * step, the one the rule answered: the stepper stands where the rule is asked.
 */
export interface SearchStoppedAtRule {
  readonly type: "stopped-at-rule";
  /** What the search stopped at, in the CLI's words: "a rule that threw". */
  readonly stoppedAt: string;
  readonly run: ShownCounterexample;
}

export interface SearchFailure {
  readonly type: "error";
  readonly message: string;
}

export type SearchReply = SearchProgressMessage | SearchResult | SearchStoppedAtRule | SearchFailure;
