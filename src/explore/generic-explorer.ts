/**
 * Explores any model: its states interned as rows of small integers
 * (interned-model.ts), searched by the one pipeline (search-pipeline.ts).
 * Whatever the rules, a learner's included, the search is the same one the
 * compact engine runs; only the way a state is packed differs.
 */
import type { Model } from "../model-contract/model.js";
import { explorePacked, type ExploreOptions, type PackedExplorationOf } from "./search-pipeline.js";
import { InternedModel } from "./interned-model.js";
import type { SearchMode } from "./search-mode.js";

export type { ExploreOptions } from "./search-pipeline.js";

export function exploreModel<State, Action>(model: Model<State, Action>, options: ExploreOptions<State> & SearchMode = {}): PackedExplorationOf<State, Action> {
  const marked = options.measureExecutionsThrough;
  const interned = new InternedModel(model, { ...(marked ? { marked } : {}), ...(options.gather ? { gather: options.gather } : {}) });
  const result = explorePacked(model, { model: interned, decode: (vector, at) => interned.decode(vector, at), engine: "generic" }, options);
  // The tables that number groups and remember steps are the search's too.
  const bytes = (result.search.bytes ?? 0) + interned.bytes;
  return { ...result, search: { ...result.search, bytes, distinctParts: interned.distinctParts } };
}
