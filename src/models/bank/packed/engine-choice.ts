/**
 * Chooses how to pack a bank's states: the compact engine when it applies,
 * else the generic explorer (src/explore/generic-explorer.ts), which runs any
 * rules on readable states and stores them interned; the search is the same,
 * and so is the reduction, with the relation each knows (the compact
 * engine's knows the reference rules; the bank's model gives one for any
 * rules, bank-reduction.ts).
 *
 * The compact engine hard-codes the reference Chandy-Lamport rules and the
 * scenario fields and properties it knows, so it applies only when the rules
 * are the reference object itself (a learner's copy, however faithful, runs
 * generically), the scenario has no field it does not know (an option added
 * later changes the model), and every "always" property is one of the four
 * snapshot properties whose verdicts it caches (compact-model.ts).
 */
import type { SnapshotAlgorithm } from "../algorithms/snapshot-algorithm.js";
import { chandyLamport } from "../algorithms/chandy-lamport.js";
import type { BankAction } from "../actions.js";
import { hasFaults } from "../faults.js";
import { bankFields } from "../fields.js";
import { snapshotPropertyNames } from "../properties.js";
import type { Scenario } from "../scenario.js";
import type { BankState } from "../bank-state.js";
import { exploreModel } from "../../../explore/generic-explorer.js";
import type { Model } from "../../../model-contract/model.js";
import { exploreCompact, type CompactExploration, type CompactOptions } from "./compact-engine.js";

/**
 * The scenario's properties the compact engine models, each with the values
 * it models, as the bank's field table (fields.ts) declares them. An option
 * added to the bank later (such as `atomicSend: false`, sends split in two)
 * is not modelled until the engine learns it, and sends the scenario to the
 * generic explorer.
 */
const MODELLED_FIELDS: Readonly<Record<string, (value: unknown) => boolean>> = Object.assign({}, ...bankFields.map((field) => field.packed));

export interface BankExploreOptions extends CompactOptions {
  /** Use the generic explorer even where the compact engine applies (for cross-checks). */
  readonly engine?: "auto" | "generic";
}

/** A scenario field, with its value, that the compact engine (and the Promela generator) does not model, if any. */
export function unmodelledField(scenario: Scenario): string | undefined {
  const fields = scenario as unknown as Record<string, unknown>;
  const field = Object.keys(fields).find((key) => !MODELLED_FIELDS[key]?.(fields[key]));
  return field && `${field}: ${JSON.stringify(fields[field])}`;
}

/** Why the compact engine cannot explore this bank, or undefined if it can. */
export function compactEngineRefuses(scenario: Scenario, algorithm: SnapshotAlgorithm, model: Model<BankState, BankAction>): string | undefined {
  if (algorithm !== chandyLamport) return `the compact engine runs only the reference chandy-lamport rules, not ${algorithm.name}`;
  // Its state packing and its partial-order reduction assume reliable channels; faults run generically, unreduced.
  if (hasFaults(scenario)) return "the compact engine and its partial-order reduction model reliable channels only, not lossy or duplicating ones";
  const field = unmodelledField(scenario);
  if (field) return `the compact engine does not model ${field}`;
  const property = model.properties().find((p) => p.expectation === "always" && !snapshotPropertyNames.has(p.name));
  if (property) return `the compact engine cannot check the property "${property.name}"`;
  return undefined;
}

export function exploreBankModel(
  scenario: Scenario,
  algorithm: SnapshotAlgorithm,
  model: Model<BankState, BankAction>,
  options: BankExploreOptions = {},
): CompactExploration {
  const refusal = options.engine === "generic" ? "asked for the generic explorer" : compactEngineRefuses(scenario, algorithm, model);
  if (refusal === undefined) return exploreCompact(scenario, model, options);
  const result = exploreModel(model, options);
  return { ...result, search: { ...result.search, fallback: refusal } };
}
