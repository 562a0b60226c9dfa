/** What checking a scenario finds, for every model alike. */
import type { Path } from "../explore/path.js";
import type { SearchSummary } from "../explore/search-mode.js";
import type { SpaceTime } from "../view/space-time-view.js";

/** A violated property's shortest counterexample: the path, told in words and drawn as a view. */
export interface Counterexample<State = unknown, Action = unknown> {
  readonly property: string;
  readonly reason: string;
  /** Number of actions. */
  readonly length: number;
  readonly path: Path<State, Action>;
  /** Each step in words. */
  readonly steps: readonly string[];
  readonly view: SpaceTime;
  /** What the end state recorded, in one line, where the model can tell. */
  readonly recorded?: string;
}

export interface Report<Scenario = unknown, State = unknown, Action = unknown, Rules = unknown, Snapshot = unknown> {
  /** The model's name, e.g. "bank". */
  readonly model: string;
  /** The scenario as checked (with command-line overrides applied). */
  readonly scenario: Scenario;
  /** The scenario's name. */
  readonly name: string;
  /** The rules that ran, and their name. */
  readonly rules: Rules;
  readonly algorithm: string;
  /** The report's first line (reportTitle in model-descriptor.ts). */
  readonly title: string;
  readonly states: number;
  readonly transitions: number;
  /** Complete runs; undefined if the state graph has a cycle. */
  readonly executions: bigint | undefined;
  /** Further measurements, e.g. { label: "executions in which a send waits", value: 94n }. */
  readonly figures: readonly { readonly label: string; readonly value: bigint | number }[];
  /** Distinct recorded snapshots among the terminal states, where the model can list them. */
  readonly snapshots?: readonly Snapshot[];
  /** Every property, in the model's order, and whether it held. */
  readonly properties: readonly { name: string; claim: string; holds: boolean }[];
  /** One counterexample per violated property, in property order: a shortest one, unless the search was told otherwise (ExploreOptions.shortest). */
  readonly counterexamples: readonly Counterexample<State, Action>[];
  /** The violated properties in the order the search met them: of equally short counterexamples, the first met comes first. */
  readonly violated: readonly string[];
  readonly elapsedMs: number;
  /** Which engine explored, how, and what it stored (a model with a packed engine says). */
  readonly search?: SearchSummary;
}
