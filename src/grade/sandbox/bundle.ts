/**
 * Builds what a sandbox runs, with esbuild: the broker thread, and for each
 * submission file one bundle holding the file and the harness that serves it.
 * Learners write TypeScript; esbuild strips the types (it does not check them).
 *
 * The bundler is the sandbox's first wall: it would otherwise inline whatever
 * a submission imports (the kit's own algorithms, solutions/, any file). So
 * every import is resolved here, not by esbuild, and loaded here, after its
 * checks: see submission-files.ts.
 */
import type { BuildFailure, Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, resolve } from "node:path";
import { builtFile } from "../../files/built-files.js";
import { bundlerEnded, walledBundler } from "./bundler-wall.js";
import { packageRoot } from "../../files/package-root.js";
import { labelOf, loadSubmissionFile, maxSubmissionBytes, resolveSubmissionImport, SubmissionFileError, submissionFile } from "./submission-files.js";

/** Raised when a submission file does not build; the message names the file, line and problem. */
export class BuildError extends Error {}

const sandboxSource = (file: string) => join(packageRoot(), "src", "grade", "sandbox", file);

let brokerCode: string | undefined;

/**
 * The broker's code, as `npm install` built it (dist/broker.cjs), read once
 * per process and kept in memory: no file a sandbox could replace.
 */
export function brokerSource(): string {
  brokerCode ??= readFileSync(builtFile("broker.cjs"), "utf8");
  return brokerCode;
}

/** A submission bundled: its code, and the source map that leads back from a place in it to the submission's file and line. */
export interface SubmissionBundle {
  readonly code: string;
  /** Its sources named as messages name the submission's files ("01-record-and-forward/rules.ts"), the kit's own (the harness) "". */
  readonly sourceMap: string;
}

/**
 * Bundles `file` (a learner's module) with the harness and returns the code.
 * Only files inside `root` (the submission folder, after resolving symlinks)
 * may be part of it; `label` names the file in messages. Without the harness
 * (`withHarness: false`) the code is the learner's module alone, as CommonJS,
 * for a process that calls the rules itself (a live run's node): it runs it
 * as a function (live-rules.ts): no module file to import.
 */
export function submissionBundle(file: string, label: string, root = dirname(file), options: { withHarness?: boolean } = {}): Promise<SubmissionBundle> {
  const bundled = bundling.then(() => bundleAlone(file, label, root, options));
  bundling = bundled.catch(() => undefined);
  return bundled;
}

/**
 * Submissions are bundled one at a time. A file can make esbuild's process
 * crash (400,000 nested parentheses overflow its parser's stack: 1 GB), and
 * then every build running fails with it, and every later one too, until the
 * process is started again. One at a time, the build that failed is the
 * file's own, and the next starts a fresh process: no other exercise, and no
 * other learner graded in the same run, pays for it.
 */
let bundling: Promise<unknown> = Promise.resolve();

const serviceStopped = /^The service (was stopped|is no longer running)/;

async function bundleAlone(file: string, label: string, root: string, { withHarness = true }: { withHarness?: boolean }): Promise<SubmissionBundle> {
  try {
    const entry = submissionFile(resolve(file), label, root);
    const labels = new Map<string, string>();
    await walledBundler();
    // Loaded here, the first time something is bundled: most commands never bundle anything.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [withHarness ? "snaplab:entry" : "snaplab:submission"],
      bundle: true,
      platform: "node",
      format: withHarness ? "esm" : "cjs",
      target: "node20",
      logLevel: "silent",
      write: false,
      // Named only so that the source map has a name: nothing is written.
      outfile: "submission.mjs",
      sourcemap: "external",
      sourcesContent: false,
      // Never look for a tsconfig.json: one in the submission folder could point anywhere.
      tsconfigRaw: "{}",
      plugins: [submissionOnly(entry.path, label, root, labels)],
    });
    const output = (ending: string) => result.outputFiles.find((f) => f.path.endsWith(ending))!.text;
    const map = JSON.parse(output(".map")) as { sources: string[] };
    map.sources = map.sources.map((source) => labels.get(source) ?? "");
    return { code: output(".mjs"), sourceMap: JSON.stringify(map) };
  } catch (error) {
    if (error instanceof SubmissionFileError) throw new BuildError(error.message);
    const first = (error as BuildFailure).errors?.[0];
    if (serviceStopped.test(first?.text ?? (error as Error).message)) {
      await (await import("esbuild")).stop();
      bundlerEnded();
      // esbuild's own report of the crash has gone to stderr already (its process writes there directly).
      throw new BuildError(`${label}: esbuild stopped on this file (its process crashed, as it does on code nested hundreds of thousands deep)`);
    }
    if (!first) throw error;
    if (first.detail instanceof SubmissionFileError) throw new BuildError(first.detail.message);
    // A syntax error: in which file (named inside the submission folder, never by the grader's path), where.
    const at = first.location;
    const file = at?.file.startsWith("submission:") ? labelOf(at.file.slice("submission:".length), root) : label;
    throw new BuildError(`${file}:${at ? `${at.line}:${at.column + 1}:` : ""} ${first.text}`);
  }
}

/**
 * The entry (the harness serving the submission) and the submission's own
 * files are the only modules: each is resolved and read by this plugin, in
 * namespaces of its own, so esbuild itself never opens a file or a folder
 * of the submission's choosing.
 */
function submissionOnly(entryFile: string, label: string, root: string, labels: Map<string, string>): Plugin {
  const harness = sandboxSource("harness.ts");
  let loadedBytes = 0;
  return {
    name: "snaplab-submission-only",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point" && args.path === "snaplab:submission") return { path: entryFile, namespace: "submission", pluginData: { label } };
        if (args.kind === "entry-point") return { path: "entry", namespace: "snaplab" };
        if (args.namespace === "snaplab") {
          if (args.path === "snaplab:harness") return { path: harness, namespace: "snaplab-kit" };
          return { path: entryFile, namespace: "submission", pluginData: { label } };
        }
        // The harness (trusted) writes its replies with node:fs, and imports nothing else but the protocol it speaks.
        if (args.namespace === "snaplab-kit" && isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.namespace === "snaplab-kit" && args.path === "./protocol.js") return { path: sandboxSource("protocol.ts"), namespace: "snaplab-kit" };
        if (args.namespace === "snaplab-kit") throw new SubmissionFileError(`the harness imports ${args.path}, which it must not`);
        const importer = (args.pluginData as { label: string } | undefined)?.label;
        const file = resolveSubmissionImport(args.path, args.importer, args.with, root, importer);
        return { path: file.path, namespace: "submission", pluginData: { label: file.label } };
      });
      build.onLoad({ filter: /.*/, namespace: "snaplab" }, () => ({
        contents: `import { serve } from "snaplab:harness";\nserve(() => import("snaplab:submission"));\n`,
        loader: "js",
      }));
      build.onLoad({ filter: /.*/, namespace: "snaplab-kit" }, (args) => ({ contents: loadSubmissionFile(args.path).contents, loader: "ts" }));
      build.onLoad({ filter: /.*/, namespace: "submission" }, (args) => {
        const fileLabel = (args.pluginData as { label: string }).label;
        // As the source map names it: by namespace and path.
        labels.set(`submission:${args.path}`, fileLabel);
        const { contents, loader } = loadSubmissionFile(args.path, fileLabel);
        loadedBytes += Buffer.byteLength(contents);
        if (loadedBytes > maxSubmissionBytes) {
          throw new SubmissionFileError(`${label} and the files it imports come to more than ${maxSubmissionBytes / 1024 / 1024} MB in all`);
        }
        return { contents, loader, resolveDir: dirname(args.path), pluginData: args.pluginData };
      });
    },
  };
}
