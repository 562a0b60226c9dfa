/**
 * The compact engine: the bank with the reference rules on packed states
 * (compact-model.ts), searched by the one pipeline every model uses
 * (src/explore/search-pipeline.ts).
 */
import type { BankAction } from "../actions.js";
import type { Scenario } from "../scenario.js";
import type { BankState } from "../bank-state.js";
import { explorePacked, type ExploreOptions, type PackedExplorationOf } from "../../../explore/search-pipeline.js";
import type { Model } from "../../../model-contract/model.js";
import type { SearchMode } from "../../../explore/search-mode.js";
import { CompactBank } from "./compact-bank.js";
import { CompactBankModel } from "./compact-model.js";
import { decodeState } from "./decode-state.js";

export interface CompactOptions extends ExploreOptions, SearchMode {}

export type CompactExploration = PackedExplorationOf<BankState, BankAction>;

export function exploreCompact(scenario: Scenario, readable: Model<BankState, BankAction>, options: CompactOptions = {}): CompactExploration {
  const bank = new CompactBank(scenario);
  const model = new CompactBankModel(bank, readable.properties());
  return explorePacked(readable, { model, decode: (vector, at) => decodeState(bank, vector, at), engine: "compact" }, options);
}
