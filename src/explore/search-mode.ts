/** How a scenario's state space is searched, and how it was. */
export interface SearchMode {
  /** Breadth-first (shortest counterexamples, the default) or depth-first (less memory). */
  readonly search?: "bfs" | "dfs";
  /** Partial-order reduction: stubborn sets, plus sleep sets in breadth-first search (spec/reduction.md). */
  readonly reduction?: "none" | "por";
  /** Store 64-bit fingerprints instead of whole states. */
  readonly fingerprint?: boolean;
}

export interface SearchSummary extends Required<SearchMode> {
  /** The compact engine (packed states, the reference rules only) or the generic explorer. */
  readonly engine: "compact" | "generic";
  /** Why the generic explorer ran, when it did. */
  readonly fallback?: string;
  /** The search options asked for that the model cannot honour (partial-order reduction, for a model that does not say which transitions are independent). */
  readonly ignored?: readonly string[];
  /** Why the partial-order reduction asked for was not used, where the model has one (a property it cannot keep, or a step that broke what it assumes). */
  readonly unreducedBecause?: string;
  /** Bytes held by the search's tables at the end. */
  readonly bytes?: number;
  /** Generic explorer: the distinct parts its states are made of, each kept once as an object (interned-model.ts). */
  readonly distinctParts?: number;
  /** TLC's estimate of the chance that a fingerprint collision hid a state (fingerprint mode only). */
  readonly collisionProbability?: number;
}
