/**
 * Builds what a sandbox runs, with esbuild: the broker thread, and for each
 * submission file one bundle holding the file and the harness that serves it.
 * Learners write TypeScript; esbuild strips the types (it does not check them).
 *
 * The bundler is the sandbox's first wall: it would otherwise inline whatever
 * a submission imports (the kit's own algorithms, solutions/, any file). So
 * every import is resolved here, not by esbuild, and loaded here, after its
 * checks (submission-files.ts), and esbuild is left no way to read a file of
 * its own accord (submissionOnly).
 */
import type { BuildFailure, Plugin } from "esbuild";
import { readFileSync, realpathSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, resolve } from "node:path";
import { builtFile } from "../../package/built-files.js";
import { esbuild, freshBundler } from "./bundler-wall.js";
import { formatDuration } from "../../render/duration.js";
import { loadsModules, UncheckedCode } from "./module-loads.js";
import { labelOf, loadSubmissionFile, maxSubmissionBytes, resolveSubmissionImport, SubmissionFileError, submissionFile } from "./submission-files.js";

/** Raised when a submission file does not build; the message names the file, line and problem. */
export class BuildError extends Error {}

let brokerCode: string | undefined;
let harnessCode: string | undefined;

/**
 * The broker's code, as `npm install` built it (dist/broker.cjs), read once
 * per process and kept in memory: no file a sandbox could replace.
 */
export function brokerSource(): string {
  brokerCode ??= readFileSync(builtFile("broker.cjs"), "utf8");
  return brokerCode;
}

/**
 * The harness that serves a submission in its sandbox (harness.ts and the protocol it speaks), as
 * `npm install` built it (dist/harness.mjs): read once per process and kept in memory, as the broker's
 * code is. A starter handed to learners has dist/ and no src/.
 */
function harnessSource(): string {
  harnessCode ??= readFileSync(builtFile("harness.mjs"), "utf8");
  return harnessCode;
}

/** A submission bundled: its code, and the source map that leads back from a place in it to the submission's file and line. */
export interface SubmissionBundle {
  readonly code: string;
  /** Its sources named as messages name the submission's files (submissionBundle), the kit's own (the harness) "". */
  readonly sourceMap: string;
}

/** How long bundling one submission file may take: far longer than a learner's rules need. */
export const bundleTimeLimitMs = 10_000;

/**
 * The largest bundle a submission may make. Its files come to 4 MB at most,
 * which esbuild writes out again without indentation, but with a string's
 * characters escaped: DEL takes four characters (\x7F).
 */
export const maxBundleBytes = 8 * 1024 * 1024;

/**
 * Bundles `file` (a learner's module) with the harness and returns the code.
 * Only files inside `root` (the submission folder, after resolving symlinks)
 * may be part of it; `label` names the file in messages, and each file it
 * imports is named by its place in `root`: both after `folder`, where given
 * (the submission folder as a learner gave it, so that a place such as
 * "exercises/01-record-and-forward/rules.ts:15:33" opens from where they ran
 * snaplab; otherwise "01-record-and-forward/rules.ts:15:33"). Without the harness
 * (`withHarness: false`) the code is the learner's module alone, as CommonJS,
 * for a process that calls the rules itself (a live run's node): it runs it
 * as a function (live-rules.ts): no module file to import; or, with
 * `format: "esm"`, as an ES module, for the page, which imports it in the
 * learner's browser (snaplab ui --rules).
 * `timeLimitMs`: how long the build may take (bundleTimeLimitMs unless less
 * is left of a grade's time).
 */
export function submissionBundle(file: string, label: string, root = dirname(file), options: BundleOptions = {}): Promise<SubmissionBundle> {
  const bundled = bundling.then(() => bundleAlone(file, label, root, options));
  bundling = bundled.catch(() => undefined);
  return bundled;
}

interface BundleOptions {
  readonly withHarness?: boolean;
  /** Without the harness: how the module alone is written (CommonJS unless asked). */
  readonly format?: "esm" | "cjs";
  readonly timeLimitMs?: number;
  /** The submission folder as the learner gave it: files are named after it in messages and the source map. */
  readonly folder?: string;
}

/**
 * Submissions are bundled one at a time, each by an esbuild process of its
 * own, started for it and stopped after it. esbuild's process keeps what it
 * allocated from one build to the next, and a file can make it crash
 * (parentheses nested deep enough overflow its parser's stack) or fill its
 * memory: a build that shares its process fails with it, and what a large
 * bundle left behind could fail the next file, unchanged. One at a time and
 * each in a fresh process, the build that fails is the file's own: no other
 * exercise, and no other learner graded in the same run, pays for it.
 */
let bundling: Promise<unknown> = Promise.resolve();

const serviceStopped = /^The service (was stopped|is no longer running)/;

async function bundleAlone(
  file: string,
  label: string,
  root: string,
  { withHarness = true, format = withHarness ? "esm" : "cjs", timeLimitMs = bundleTimeLimitMs, folder }: BundleOptions,
): Promise<SubmissionBundle> {
  let timer: NodeJS.Timeout | undefined;
  const afterFolder = (path: string) => (folder === undefined ? path : join(folder, path));
  const shownEntry = afterFolder(label);
  // Each module is named by its place in `root`, the entry as the caller names it; messages and the source map name them after `folder`.
  let entryPath: string | undefined;
  const named = (path: string) => (path === entryPath ? shownEntry : afterFolder(path));
  try {
    const entry = submissionFile(resolve(file), shownEntry, root);
    entryPath = labelOf(entry.path, root);
    await freshBundler();
    const build = esbuild().build({
      entryPoints: [withHarness ? "snaplab:entry" : "snaplab:submission"],
      bundle: true,
      platform: "node",
      format,
      target: "node20",
      logLevel: "silent",
      write: false,
      // Named only so that the source map has a name: nothing is written.
      outfile: "submission.mjs",
      sourcemap: "external",
      sourcesContent: false,
      // Without indentation, which would make deeply nested code, repeated, bundle to many times its own size.
      minifyWhitespace: true,
      // Never look for a tsconfig.json: one in the submission folder could point anywhere.
      tsconfigRaw: "{}",
      // The folder esbuild names paths from: the submission's (no file is named by an absolute path anyway).
      absWorkingDir: realpathSync(root),
      plugins: [submissionOnly(entry.path, entryPath, named, root)],
    });
    // Past the time limit the build is given up, and its process stopped (finally) with the build in it, which never settles.
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new BuildError(`${shownEntry}: bundling it took more than ${formatDuration(timeLimitMs)}`)), timeLimitMs);
    });
    const result = await Promise.race([build, late]);
    const output = (ending: string) => result.outputFiles.find((f) => f.path.endsWith(ending))!.text;
    const code = output(".mjs");
    if (Buffer.byteLength(code) > maxBundleBytes) throw new BuildError(`${shownEntry} bundles to more than ${maxBundleBytes / 1024 / 1024} MB of code`);
    const map = JSON.parse(output(".map")) as { sources: string[] };
    map.sources = map.sources.map((source) => (source.startsWith("submission:") ? named(source.slice("submission:".length)) : ""));
    return { code, sourceMap: JSON.stringify(map) };
  } catch (error) {
    if (error instanceof SubmissionFileError || error instanceof UncheckedCode) throw new BuildError(error.message);
    if (error instanceof BuildError) throw error;
    const first = (error as BuildFailure).errors?.[0];
    if (serviceStopped.test(first?.text ?? (error as Error).message)) {
      // esbuild's own report of the crash has gone to stderr already (its process writes there directly).
      throw new BuildError(`${shownEntry}: esbuild stopped on this file (its process crashed, as it does on code nested tens of thousands deep)`);
    }
    if (!first) throw error;
    if (first.detail instanceof SubmissionFileError || first.detail instanceof UncheckedCode) throw new BuildError(first.detail.message);
    // Anything else the plugin threw is the grader's own fault, not the submission's.
    if (first.detail instanceof Error) throw first.detail;
    // A syntax error: in which file (named as every message names it, never by the grader's own path), where.
    const at = first.location?.file.startsWith("submission:") ? first.location : undefined;
    const place = at ? named(at.file.slice("submission:".length)) : shownEntry;
    throw new BuildError(`${place}:${at ? `${at.line}:${at.column + 1}:` : ""} ${first.text}`);
  } finally {
    clearTimeout(timer);
    await esbuild().stop();
  }
}

/**
 * The last source map comment of a file is the one esbuild follows, and it
 * follows a `file:` URL anywhere (a FIFO there hung the build; a file that
 * is not a source map had its first token quoted in the error). Put after
 * a file's code, this one is always the last: no string, template or comment
 * left open can take it in without failing to parse. esbuild reads nothing
 * for a scheme it does not know.
 */
const noSourceMap = "\n//# sourceMappingURL=snaplab:none\n";

/**
 * The entry (the harness serving the submission) and the submission's own
 * files are the only modules: each is resolved and read by this plugin, in
 * namespaces of its own, and named there by its place in the submission
 * folder ("05-lai-yang/rules.ts") or the kit's file name ("harness.ts"), so
 * that no path of the grader's machine is in the bundle. esbuild itself
 * never opens a file of the submission's choosing: every import goes through
 * onResolve; a file that loads modules with import() or require(), whose
 * patterns esbuild would expand on its own, is refused (module-loads.ts);
 * no file gets a folder to resolve from; each ends with noSourceMap.
 */
function submissionOnly(entryFile: string, entryPath: string, named: (path: string) => string, root: string): Plugin {
  const entryModule = { path: entryPath, namespace: "submission", pluginData: { file: entryFile } };
  let loadedBytes = 0;
  return {
    name: "snaplab-submission-only",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point" && args.path === "snaplab:submission") return entryModule;
        if (args.kind === "entry-point") return { path: "entry", namespace: "snaplab" };
        if (args.namespace === "snaplab") return args.path === "snaplab:harness" ? { path: "harness.mjs", namespace: "snaplab-kit" } : entryModule;
        // The harness (trusted), built with the protocol it speaks, reads and writes its pipes with Node's own modules and imports nothing else.
        if (args.namespace === "snaplab-kit" && isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.namespace === "snaplab-kit") throw new SubmissionFileError(`the harness imports ${args.path}, which it must not`);
        const importer = (args.pluginData as { file: string }).file;
        const found = resolveSubmissionImport(args.path, importer, args.with, root, named(args.importer));
        return { path: found.label, namespace: "submission", pluginData: { file: found.path } };
      });
      build.onLoad({ filter: /.*/, namespace: "snaplab" }, () => ({
        contents: `import { serve } from "snaplab:harness";\nserve(() => import("snaplab:submission"));\n`,
        loader: "js",
      }));
      build.onLoad({ filter: /.*/, namespace: "snaplab-kit" }, () => ({ contents: harnessSource(), loader: "js" }));
      build.onLoad({ filter: /.*/, namespace: "submission" }, async (args) => {
        const { contents, loader } = loadSubmissionFile((args.pluginData as { file: string }).file, named(args.path));
        loadedBytes += Buffer.byteLength(contents);
        if (loadedBytes > maxSubmissionBytes) {
          throw new SubmissionFileError(`${named(entryPath)} and the files it imports come to more than ${maxSubmissionBytes / 1024 / 1024} MB in all`);
        }
        if (loader === "json") return { contents, loader, pluginData: args.pluginData };
        if (await loadsModules(contents, loader, named(args.path))) {
          throw new SubmissionFileError(
            `${named(args.path)} loads code with import() or require(): a submission's files import each other with import ... from "./file.js"`,
          );
        }
        return { contents: contents + noSourceMap, loader, pluginData: args.pluginData };
      });
      // Never reached while every module is resolved above; were esbuild to read a file on its own, the build fails instead.
      build.onLoad({ filter: /.*/, namespace: "file" }, () => {
        throw new SubmissionFileError(`${named(entryPath)}: the bundler went to read a file the submission did not name by a relative path`);
      });
    },
  };
}
