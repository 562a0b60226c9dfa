/**
 * The snapshot rules a node runs: an algorithm by name, or a learner's file
 * bundled as the grader bundles it (only the submission's own files, every
 * import checked by submission-files.ts), without the sandbox's harness: a
 * node calls the rules directly, thousands of times a second, and checks each
 * answer itself (node-snapshots.ts).
 */
import { dirname, resolve } from "node:path";
import { runInThisContext } from "node:vm";
import { SnaplabError } from "../errors/snaplab-error.js";
import { findAlgorithm } from "../models/bank/algorithms/registry.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { BuildError, submissionBundle } from "../grade/sandbox/bundle.js";

export async function loadLiveRules(rules: { readonly algorithm: string } | { readonly file: string }): Promise<SnapshotAlgorithm> {
  if ("algorithm" in rules) return findAlgorithm(rules.algorithm);
  const module = { exports: {} as Record<string, unknown> };
  // Run as CommonJS, not import()ed: Node 20 loses import()'s loader in code V8 ran from its cache, as the CLI's bundle is.
  const run = runInThisContext(`(function (module, exports) {${await rulesBundle(rules.file)}\n})`, { filename: rules.file });
  run(module, module.exports);
  const found = module.exports.rules as SnapshotAlgorithm | undefined;
  if (!found || typeof found.initiate !== "function" || typeof found.onMarker !== "function" || typeof found.onMessage !== "function") {
    throw new SnaplabError("BAD_RULES", `${rules.file}: must export \`rules\` with initiate, onMarker and onMessage`);
  }
  return found;
}

/** The learner's module and its own imports, as one ES module's code. */
async function rulesBundle(file: string): Promise<string> {
  try {
    return (await submissionBundle(resolve(file), file, dirname(resolve(file)), { withHarness: false })).code;
  } catch (error) {
    // The grader's message names the file inside its folder, with the line: "rules.ts:3:1: Unexpected ...".
    if (error instanceof BuildError) throw new SnaplabError("BAD_RULES", `${file}: does not build: ${error.message}`);
    throw error;
  }
}
