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
import { BuildError, submissionBundle, type SubmissionBundle } from "../grade/sandbox/bundle.js";
import { placeInSubmission } from "../grade/sandbox/place-in-submission.js";
import { bundlePlaces } from "../grade/sandbox/protocol.js";

export async function loadLiveRules(rules: { readonly algorithm: string } | { readonly file: string }): Promise<SnapshotAlgorithm> {
  if ("algorithm" in rules) return findAlgorithm(rules.algorithm);
  const module = { exports: {} as Record<string, unknown> };
  const bundle = await rulesBundle(rules.file);
  // Named apart from the learner's file, whose lines are not the bundle's: a throw is placed in that file by the source map.
  const filename = `${rules.file} (bundled)`;
  // Run as CommonJS, a function of this process: the bundle is never a file, which import() would need.
  // The wrapper takes a line of its own, which lineOffset takes back: the stack's lines are the bundle's.
  const run = runInThisContext(`(function (module, exports) {\n${bundle.code}\n})`, { filename, lineOffset: -1 });
  const placeOf = (error: unknown) => placeInSubmission(bundle.sourceMap, bundlePlaces(error, filename));
  try {
    run(module, module.exports);
  } catch (error) {
    // Its top-level code: a learner's mistake, said in one line as explore --rules says it.
    const place = placeOf(error);
    const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new SnaplabError("BAD_RULES", `${rules.file}: ${said}${place ? ` (${place})` : ""}`);
  }
  const found = module.exports.rules as SnapshotAlgorithm | undefined;
  if (!found || typeof found.initiate !== "function" || typeof found.onMarker !== "function" || typeof found.onMessage !== "function") {
    throw new SnaplabError("BAD_RULES", `${rules.file}: must export \`rules\` with initiate, onMarker and onMessage`);
  }
  return placingThrows(found, placeOf);
}

/**
 * The rules, each of whose throws says where in the learner's files it came
 * from: "big amount 30 (rules.ts:19:36)", as the grader says it.
 */
function placingThrows(rules: SnapshotAlgorithm, placeOf: (error: unknown) => string | undefined): SnapshotAlgorithm {
  const placed = Object.create(rules) as Record<string, unknown>;
  for (const name of ["initiate", "onMarker", "onMessage"] as const) {
    const rule = rules[name] as (...args: unknown[]) => unknown;
    placed[name] = (...args: unknown[]) => {
      try {
        return rule.apply(rules, args);
      } catch (error) {
        const place = placeOf(error);
        if (place === undefined) throw error;
        throw new Error(`${error instanceof Error ? error.message : String(error)} (${place})`);
      }
    };
  }
  return placed as unknown as SnapshotAlgorithm;
}

/** The learner's module and its own imports, as one CommonJS module's code, and its source map. */
async function rulesBundle(file: string): Promise<SubmissionBundle> {
  try {
    return await submissionBundle(resolve(file), file, dirname(resolve(file)), { withHarness: false });
  } catch (error) {
    // The grader's message names the place as the file was given, with the line: "path/rules.ts:3:1: Unexpected ...".
    if (error instanceof BuildError) throw new SnaplabError("BAD_RULES", `${file}: does not build: ${error.message}`);
    throw error;
  }
}
