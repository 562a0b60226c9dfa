/**
 * What the page runs: a scenario's text read by the same registry the CLI
 * uses, with the page's switches (FIFO, the rules) applied as `snaplab
 * explore --fifo --algorithm` applies them, or a learner's rules run as
 * `snaplab explore --rules` runs them. The page and the search worker both
 * build the system from these few serialisable fields.
 */
import type { ModelDescriptor, ModelScenario, Named } from "../../check/model-descriptor.js";
import { SnaplabError } from "../../errors/snaplab-error.js";
import { inProcessSubmission, type Submission } from "../../grade/graded-rules/remembering-submission.js";
import { learnerRules, rulesFileFault, rulesFileRefusal, takesRulesFile } from "../../grade/learner-rules.js";
import { describeError } from "../../grade/sandbox/checked-answer.js";
import { placedMessage } from "../../grade/sandbox/place-in-submission.js";
import { bundlePlaces } from "../../grade/sandbox/protocol.js";
import type { Model } from "../../model-contract/model.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { parseModelScenario } from "../../models/registry.js";
import { asData } from "../../render/shown-as-data.js";

/** What to run, as the URL and the worker's messages carry it. */
export interface SystemChoice {
  /** The scenario file's text. */
  readonly text: string;
  /** The file's name in messages: its path under spec/scenarios/, or the name of a pasted or dropped file. */
  readonly file: string;
  /** A model setting switched on or off (the bank's `fifo`); absent keeps the scenario's own. */
  readonly settings: Readonly<Record<string, boolean>>;
  /** The rules to run instead of the scenario's own; absent runs the scenario's. */
  readonly algorithm?: string;
  /** The learner's rules, served with the page (snaplab ui --rules), to run instead of the scenario's own. */
  readonly yourRules?: YourRules;
}

/** A learner's rules file, the bundle of it the page's server made (your-rules.ts), and the bundle's source map. */
export interface YourRules {
  readonly file: string;
  readonly module: string;
  readonly sourceMap: string;
}

/** The module of a learner's rules, imported. */
export type RulesModule = Readonly<Record<string, unknown>>;

/**
 * Imports the rules' bundle, in the learner's own browser: their code, run
 * with no sandbox, as it is theirs. Top-level code that throws is told as
 * the CLI tells it, with the place in their files it threw from.
 */
export async function importYourRules(served: YourRules): Promise<RulesModule> {
  const url = bundleUrl(served);
  try {
    return (await import(url)) as RulesModule;
  } catch (error) {
    throw rulesFileRefusal(served.file, asData(placedMessage(describeError(error), served.sourceMap, bundlePlaces(error, url))));
  }
}

/** The rules `module` imported from `served` exports, asked as the grader asks them, each throw placed in the learner's files. */
export function yourSubmission(served: YourRules, module: RulesModule): Submission {
  return inProcessSubmission(module, { url: bundleUrl(served), sourceMap: served.sourceMap });
}

/** The address of the rules' bundle, served beside the page's own files: what a throw's stack names. */
const bundleUrl = ({ module }: YourRules): string => new URL(`./${module}`, import.meta.url).href;

export interface System {
  readonly choice: SystemChoice;
  readonly descriptor: ModelDescriptor;
  readonly scenario: unknown;
  readonly rules: Named;
  readonly model: Model<unknown, unknown>;
}

/**
 * The system `choice` names, with `yourRules` the module of the rules it
 * names, if it does; a mistake in it is a SnaplabError of one line, as the CLI prints it.
 */
export function buildSystem(choice: SystemChoice, yourRules?: RulesModule): System {
  const { model: descriptor, scenario: given }: ModelScenario = parseModelScenario(choice.text, choice.file);
  let scenario = given;
  for (const { key, apply } of descriptor.settings ?? []) {
    const value = choice.settings[key];
    if (value !== undefined) scenario = apply(scenario, value);
  }
  const rules = choice.yourRules
    ? rulesOfFile(descriptor, scenario, choice.yourRules, yourRules)
    : descriptor.algorithms.find(choice.algorithm ?? descriptor.algorithmOf(scenario));
  return { choice, descriptor, scenario, rules, model: descriptor.build(scenario, rules) };
}

/** The rules `module` exports, as `snaplab explore --rules` runs them: every answer checked as the grader checks it. */
function rulesOfFile(descriptor: ModelDescriptor, scenario: unknown, served: YourRules, module: RulesModule | undefined): Named {
  const { file } = served;
  if (!takesRulesFile(descriptor)) throw rulesFileRefusal(file, `your rules are a bank's snapshot rules; this is a ${descriptor.name} scenario`);
  if (!module) throw new Error(`the rules of ${file} were not imported`);
  return learnerRules(yourSubmission(served, module), scenario as Scenario, file);
}

/** The words a model uses for its rules in the picker. */
export function rulesWord(descriptor: ModelDescriptor): string {
  return ({ bank: "algorithm", database: "design", dataflow: "barrier mode" } as Record<string, string>)[descriptor.name] ?? "rules";
}

/**
 * An error's one line: a person's mistake as the CLI says it (where one of
 * the learner's rules broke the contract, naming their `rulesFile`), anything else with its name.
 */
export function oneLine(error: unknown, rulesFile?: string): string {
  const fault = rulesFile === undefined ? undefined : rulesFileFault(rulesFile, error);
  if (fault) return fault.message;
  if (error instanceof SnaplabError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
