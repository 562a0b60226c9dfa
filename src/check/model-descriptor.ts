/**
 * What a model brings to snaplab, in one object: the unit a contributor plugs
 * in (src/models/<name>/ exports one, src/models/registry.ts lists it). Every
 * command works through these entries and none names a model.
 */
import type { ExploreOptions } from "../explore/generic-explorer.js";
import type { Exploration, Violation } from "../explore/exploration.js";
import type { SearchSummary } from "../explore/search-mode.js";
import type { Model } from "../model-contract/model.js";
import type { ScenarioField } from "../scenario/scenario-fields.js";
import type { SpaceTime } from "../view/space-time-view.js";
import type { Report } from "./report.js";

/** A set of rules a model can run: a bank algorithm, a database design, a barrier mode. */
export interface Named {
  readonly name: string;
}

/** The options every search takes, plus the ones a model's packed engine understands (which others ignore). */
export interface SearchOptions<State = unknown> extends ExploreOptions<State> {
  readonly search?: "bfs" | "dfs";
  readonly reduction?: "none" | "por";
  readonly fingerprint?: boolean;
  readonly engine?: "auto" | "generic";
}

/**
 * One model's entry. The type parameters default to `any` because a registry
 * holds models of different types side by side; each model's own descriptor
 * is fully typed (e.g. `ModelDescriptor<Scenario, BankState, BankAction, SnapshotAlgorithm>`).
 */
export interface ModelDescriptor<Scenario = any, State = any, Action = any, Rules extends Named = any, Snapshot = unknown> {
  /** The scenario file's `model` field, e.g. "bank". */
  readonly name: string;
  /** The scenario file's fields, in the order they are checked (the spec's field reference shows the same table). */
  readonly fields: readonly ScenarioField[];
  /** A scenario file's text, checked field by field (a mistake is a ScenarioError naming the file and the field). */
  parse(text: string, file: string): Scenario;
  scenarioName(scenario: Scenario): string;
  /** Switches of the scenario that the command line may override and a saved trace states (e.g. the bank's `fifo`). */
  readonly settings?: readonly ScenarioSetting<Scenario>[];
  /** How a run is named in report and replay headers, e.g. "chandy-lamport, FIFO channels" (default: "<model>, <rules>"). */
  runTitle?(scenario: Scenario, rules: Rules): string;
  /** The rules this model can run, by name: its algorithms, designs or barrier modes. */
  readonly algorithms: { names(): string[]; find(name: string): Rules };
  /** The rules the scenario names. */
  algorithmOf(scenario: Scenario): string;
  /** The state machine to explore. */
  build(scenario: Scenario, rules: Rules): Model<State, Action>;
  /** A step in words, e.g. "P0 sends 10 to P1 (P0#1), balance 90". */
  describeStep(scenario: Scenario, rules: Rules, before: State, action: Action, after: State): string;
  /** A counterexample as lanes, events and messages, for every picture. */
  spaceTime(scenario: Scenario, rules: Rules, violation: Violation<State, Action>): SpaceTime;
  /** What saving a counterexample and replaying it needs; a model without it cannot save traces. */
  readonly trace?: TraceSupport<Scenario, State, Action>;
  /** What the end state of a counterexample recorded, in one line, if the model can tell. */
  describeEnd?(scenario: Scenario, state: State): string;
  /** The distinct snapshots recorded in the terminal states, if the model can list them. */
  recordedSnapshots?(scenario: Scenario, terminalStates: readonly State[]): Snapshot[];
  /** A cost measured as the executions that meet a marked state, e.g. "executions in which a send waits". */
  readonly measure?: { readonly label: string; marked(scenario: Scenario, rules: Rules, state: State): boolean };
  /** The model's own report writers, where the generic ones (src/render/model-report.ts) do not say enough. */
  readonly report?: {
    text(report: Report<Scenario, State, Action, Rules, Snapshot>, options: ReportOptions): string;
    json(report: Report<Scenario, State, Action, Rules, Snapshot>, options: ReportOptions): object;
  };
  /** The scenario as a Promela model for SPIN, if the model has a translation; `file` names the scenario in a refusal. */
  promela?(scenario: Scenario, file: string): string;
  /** A faster engine for this model, used instead of the generic breadth-first search when it applies. */
  explore?(
    scenario: Scenario,
    rules: Rules,
    model: Model<State, Action>,
    options: SearchOptions<State>,
  ): Exploration<State, Action> & { readonly search?: SearchSummary };
}

/** A yes-or-no switch of a scenario, e.g. the bank's `fifo` (`--fifo` / `--no-fifo`, and `"fifo": true` in a trace). */
export interface ScenarioSetting<Scenario> {
  readonly key: string;
  value(scenario: Scenario): boolean;
  apply(scenario: Scenario, value: boolean): Scenario;
}

/** A scenario with the model it belongs to: what `snaplab` loads from a file and checks. */
export interface ModelScenario<Scenario = any> {
  readonly model: ModelDescriptor<Scenario>;
  readonly scenario: Scenario;
}

/** How a model's counterexamples are saved and replayed (src/trace/). */
export interface TraceSupport<Scenario, State, Action> {
  /** The scenario written back as its file's JSON, so a saved trace carries the very system it ran on. */
  scenarioJson(scenario: Scenario): object;
  /** An action's stable name, by which a saved trace names it again (e.g. "deliver P0->P1 P0#1"). */
  actionName(scenario: Scenario, state: State, action: Action): string;
  /** A state in a few lines of words, printed after each replayed step. */
  stateLines(scenario: Scenario, state: State): string[];
}

export interface ReportOptions {
  /** Also list every distinct recorded snapshot. */
  readonly listSnapshots?: boolean;
  /** Colour the offending message (a terminal). */
  readonly color?: boolean;
}

/** A report's first line, whatever its model and however its search ended: "<scenario>: <run title>" (runTitleOf). */
export function reportTitle<Scenario, Rules extends Named>(
  model: Pick<ModelDescriptor<Scenario, unknown, unknown, Rules>, "name" | "runTitle" | "scenarioName">,
  scenario: Scenario,
  rules: Rules,
): string {
  return `${model.scenarioName(scenario)}: ${runTitleOf(model, scenario, rules)}`;
}

/** How a run is named in report and replay headers: the model's own title, or "<model>, <rules>". */
export function runTitleOf<Scenario, Rules extends Named>(
  model: Pick<ModelDescriptor<Scenario, unknown, unknown, Rules>, "name" | "runTitle">,
  scenario: Scenario,
  rules: Rules,
): string {
  return model.runTitle ? model.runTitle(scenario, rules) : `${model.name}, ${rules.name}`;
}
