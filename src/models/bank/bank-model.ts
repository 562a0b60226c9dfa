/**
 * The bank as a model snaplab plugs in: processes joined by one-way channels
 * sending each other money, with a snapshot algorithm's rules (spec/model.md).
 */
import type { ModelDescriptor } from "../../check/model-descriptor.js";
import { SnaplabError } from "../../errors/snaplab-error.js";
import { searchJson } from "../../render/search-summary.js";
import { formatAction, type BankAction } from "./actions.js";
import { algorithmNames, findAlgorithm } from "./algorithms/registry.js";
import type { SnapshotAlgorithm } from "./algorithms/snapshot-algorithm.js";
import { bankJsonReport } from "./bank-json-report.js";
import { bankSpaceTime } from "./bank-space-time.js";
import type { BankState } from "./bank-state.js";
import { bankTextReport } from "./bank-text-report.js";
import { tellsColours } from "./message-colours.js";
import type { BankReport } from "./bank-report.js";
import { describeBankStep } from "./describe-bank-step.js";
import { channelsInWords } from "./faults.js";
import { bankFields } from "./fields.js";
import { exploreBankModel, unmodelledField, type BankExploreOptions } from "./packed/engine-choice.js";
import { parseScenario } from "./parse-scenario.js";
import { promelaModel, promelaRefusal } from "./promela/promela-model.js";
import { withSeveralSnapshots } from "./multi-snapshot/several-snapshots.js";
import { scenarioJson } from "./scenario-json.js";
import type { Scenario } from "./scenario.js";
import { distinctSnapshots, formatSnapshot, recordedSnapshot, type RecordedSnapshot } from "./snapshot.js";
import { stateLines } from "./state-text.js";
import { bankSystem } from "./system.js";

/** The bank with one snapshot a run: what the Break FIFO exercise takes (a file listing several snapshots is refused). */
export const oneSnapshotBankModel: ModelDescriptor<Scenario, BankState, BankAction, SnapshotAlgorithm, RecordedSnapshot> = {
  name: "bank",
  fields: bankFields,
  parse: parseScenario,
  scenarioName: (scenario) => scenario.name,
  settings: [{ key: "fifo", value: (scenario) => scenario.fifo, apply: (scenario, fifo) => ({ ...scenario, fifo }) }],
  runTitle: (scenario, algorithm) => `${algorithm.name}, ${channelsInWords(scenario)}`,
  algorithms: { names: algorithmNames, find: findAlgorithm },
  algorithmOf: (scenario) => scenario.algorithm,
  build: bankSystem,
  describeStep: (scenario, rules, before, action, after) => describeBankStep(scenario, before, action, after, { colours: tellsColours(rules) }),
  spaceTime: (scenario, rules, violation) => bankSpaceTime(scenario, violation, { colours: tellsColours(rules) }),
  trace: { scenarioJson: (scenario) => scenarioJson(scenario), actionName: formatAction, stateLines },
  describeEnd: (scenario, state) => formatSnapshot(recordedSnapshot(scenario, state)),
  recordedSnapshots: distinctSnapshots,
  report: {
    text: (report, options) => bankTextReport(report as BankReport, options),
    json: (report, options) => ({ ...bankJsonReport(report as BankReport, options), search: searchJson(report) }),
  },
  promela: (scenario, file) => {
    if (scenario.algorithm !== "chandy-lamport") {
      throw new SnaplabError("UNSUPPORTED", `${file}: algorithm: snaplab promela writes the reference chandy-lamport rules only, not ${scenario.algorithm}`);
    }
    // Unlike the compact engine, the Promela model writes unreliable channels and non-atomic sends
    // (a debit, then a transmit).
    const faulty = scenario.lossy !== undefined || scenario.duplicating !== undefined;
    const field = unmodelledField({ ...scenario, lossy: undefined, duplicating: undefined, atomicSend: true });
    if (field) throw new SnaplabError("UNSUPPORTED", `${file}: snaplab promela does not model ${field}`);
    if (faulty && scenario.atomicSend === false) {
      throw new SnaplabError("UNSUPPORTED", `${file}: snaplab promela does not model atomicSend: false on unreliable channels`);
    }
    const refusal = promelaRefusal(scenario);
    if (refusal) throw new SnaplabError("UNSUPPORTED", `${file}: ${refusal.field}: ${refusal.problem}`);
    return promelaModel(scenario);
  },
  explore: (scenario, rules, model, options) => exploreBankModel(scenario, rules, model, options as BankExploreOptions),
};

/** The bank, with several snapshots in one run where the scenario lists them (multi-snapshot/several-snapshots.ts). */
export const bankModel = withSeveralSnapshots(oneSnapshotBankModel);
