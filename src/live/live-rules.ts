/**
 * The snapshot rules a node runs: an algorithm by name, or a learner's file
 * bundled as the grader bundles it (only the submission's own files, every
 * import checked by submission-files.ts), without the sandbox's harness: a
 * node calls the rules directly, thousands of times a second, and checks each
 * answer itself (node-snapshots.ts).
 */
import type { BuildFailure, Plugin } from "esbuild";
import { dirname, resolve } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { findAlgorithm } from "../models/bank/algorithms/registry.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { labelOf, loadSubmissionFile, resolveSubmissionImport, SubmissionFileError, submissionFile } from "../grade/sandbox/submission-files.js";
import { esbuild } from "../files/esbuild-when-needed.js";

export async function loadLiveRules(rules: { readonly algorithm: string } | { readonly file: string }): Promise<SnapshotAlgorithm> {
  if ("algorithm" in rules) return findAlgorithm(rules.algorithm);
  const code = await rulesBundle(rules.file);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as Record<string, unknown>;
  const found = module.rules as SnapshotAlgorithm | undefined;
  if (!found || typeof found.initiate !== "function" || typeof found.onMarker !== "function" || typeof found.onMessage !== "function") {
    throw new SnaplabError("BAD_RULES", `${rules.file}: must export \`rules\` with initiate, onMarker and onMessage`);
  }
  return found;
}

/** The learner's module and its own imports, as one ES module's code. */
async function rulesBundle(file: string): Promise<string> {
  const root = dirname(resolve(file));
  const refuse = (problem: string) => new SnaplabError("BAD_RULES", problem);
  try {
    const entry = submissionFile(resolve(file), file, root);
    const result = await esbuild().build({
      entryPoints: [entry.path],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "silent",
      write: false,
      tsconfigRaw: "{}",
      plugins: [submissionOnly(entry.path, file, root)],
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    if (error instanceof SubmissionFileError) throw refuse(error.message);
    const first = (error as BuildFailure).errors?.[0];
    if (!first) throw error;
    if (first.detail instanceof SubmissionFileError) throw refuse(first.detail.message);
    const at = first.location;
    throw refuse(`${file}:${at ? `${at.line}:${at.column + 1}:` : ""} does not build: ${first.text}`);
  }
}

/** Every module is resolved and read through submission-files.ts, as the grader's bundle does. */
function submissionOnly(entryFile: string, label: string, root: string): Plugin {
  return {
    name: "snaplab-live-rules",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return { path: entryFile, namespace: "submission", pluginData: { label } };
        const importer = (args.pluginData as { label: string } | undefined)?.label;
        const found = resolveSubmissionImport(args.path, args.importer, args.with, root, importer);
        return { path: found.path, namespace: "submission", pluginData: { label: found.label } };
      });
      build.onLoad({ filter: /.*/, namespace: "submission" }, (args) => {
        const { contents, loader } = loadSubmissionFile(args.path, (args.pluginData as { label: string }).label ?? labelOf(args.path, root));
        return { contents, loader, resolveDir: dirname(args.path), pluginData: args.pluginData };
      });
    },
  };
}
