/**
 * snaplab's public surface: everything a test, a grader or another tool may
 * import, as `import { check } from "snaplab"` (package.json's exports: this
 * file's build, dist/index.mjs, with this file as its types; no other path
 * of the package can be imported). docs/architecture.md#the-library lists
 * it. Anything not listed here is internal, the engines' own searches
 * included. Grouped as the folders are layered, from the bottom up.
 */

// Errors a person can act on.
export { SnaplabError } from "./errors/snaplab-error.js";
export { ScenarioError } from "./errors/scenario-error.js";
export { MalformedEffectError } from "./errors/malformed-effect-error.js";

// The model contract and the searches (spec/model.md, "The model contract").
export type { Model } from "./model-contract/model.js";
export { always, atTermination, type Property, type Verdict } from "./model-contract/property.js";
export { namedList } from "./model-contract/named-list.js";
export { exploreModel, type ExploreOptions } from "./explore/generic-explorer.js";
export { simulate, type SimulateOptions, type Simulation } from "./explore/simulate.js";
export { countExecutions, type SuccessorGraph } from "./explore/executions.js";
export type { Exploration, Progress, Violation } from "./explore/exploration.js";
export type { Path } from "./explore/path.js";
export { StateLimitError } from "./explore/state-limit-error.js";

// What a model plugs in, the one check, and its report.
export { asInteger, asObject, modelField, nameField, parseFields, scenarioObject, type Fail, type ScenarioField } from "./scenario/scenario-fields.js";
export type { SpaceTime } from "./view/space-time-view.js";
export { SpaceTimeDrawing } from "./view/space-time-drawing.js";
export type { ModelDescriptor, ModelScenario, Named, ReportOptions, ScenarioSetting, SearchOptions, TraceSupport } from "./check/model-descriptor.js";
export { check, type CheckOptions } from "./check/check.js";
export type { Counterexample, Report } from "./check/report.js";

// The models and their registry.
export { loadModelScenario } from "./models/load-model-scenario.js";
export { models, parseModelScenario, type ModelRegistry } from "./models/registry.js";
export { bankModel } from "./models/bank/bank-model.js";
export { databaseModel } from "./models/database/database-model.js";
export { dataflowModel } from "./models/dataflow/dataflow-model.js";

// The bank: scenarios, state, rules, and its reports.
export type { Channel, ChannelId, ProcessId, Scenario, Transfer } from "./models/bank/scenario.js";
export { parseScenario } from "./models/bank/parse-scenario.js";
export type { BankState, ChannelRecording, DataMessage, LocalSnapshot, Message, ProcessState } from "./models/bank/bank-state.js";
export { initialState, isSnapshotComplete } from "./models/bank/bank-state.js";
export { enabledActions, formatAction, type BankAction } from "./models/bank/actions.js";
export { bankSystem, step } from "./models/bank/system.js";
export { bankProperties } from "./models/bank/properties.js";
export { distinctSnapshots, recordedSnapshot, type RecordedSnapshot } from "./models/bank/snapshot.js";
export type { Effect, ProcessView, SnapshotAlgorithm } from "./models/bank/algorithms/snapshot-algorithm.js";
export { chandyLamport, recordAndForward } from "./models/bank/algorithms/chandy-lamport.js";
export { algorithmNames, findAlgorithm } from "./models/bank/algorithms/registry.js";
export { deferAfterRecording } from "./models/bank/algorithms/defer-after-recording.js";
export type { MultiSnapshotAlgorithm } from "./models/bank/multi-snapshot/multi-snapshot-algorithm.js";
export { multiSnapshotSystem } from "./models/bank/multi-snapshot/system.js";
export type { BankReport } from "./models/bank/bank-report.js";
export { describeBankStep } from "./models/bank/describe-bank-step.js";
export { bankSpaceTime } from "./models/bank/bank-space-time.js";
export { bankTextReport } from "./models/bank/bank-text-report.js";
export { bankJsonReport } from "./models/bank/bank-json-report.js";
export { promelaModel } from "./models/bank/promela/promela-model.js";

// Pictures and reports of any model.
export { modelJsonReport, modelTextReport } from "./render/model-report.js";
export { textDiagram } from "./render/text-diagram.js";
export { svgDiagram } from "./render/svg-diagram.js";
export { mermaidDiagram } from "./render/mermaid-diagram.js";
export { shivizLog } from "./render/shiviz-log.js";

// Saved traces and replay.
export { savedTrace, formatTrace, type SavedTrace, type TraceRules } from "./trace/saved-trace.js";
export { parseTrace, type LoadedTrace } from "./trace/load-trace.js";
export { loadTrace } from "./trace/read-trace-file.js";
export { replayTrace, type Replay } from "./trace/replay.js";
export { TraceError } from "./trace/trace-error.js";

// The grader.
export { gradeSubmission, gradeExercise, type GradeOptions } from "./grade/grade.js";
export type { CheckResult, ExerciseResult, SubmissionReport } from "./grade/result.js";
