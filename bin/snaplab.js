#!/bin/sh
//usr/bin/env true; case "$1" in grade | classroom) exec node --v8-pool-size=1 "$0" "$@" ;; esac; exec node "$0" "$@"
// The line above is the shell's, and a comment to Node: a grade runs with one of V8's background threads
// instead of four (a Node option, which only node's command line can set). On two cores those threads
// (TurboFan's compiles, the garbage collector's helpers) take the core the sandboxes' children answer on:
// `snaplab grade solutions` graded in 2.10 s on average against 2.21 (12 runs side by side, quicker in 9).
// Run as `node bin/snaplab.js`, it goes without.
// snaplab is TypeScript with no build step. To start quickly, the CLI is
// bundled with esbuild (the compiler tsx runs on) into one cached file, which
// is rebuilt whenever a source file is newer than it, and run from V8's code
// cache of it.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";

// package.json's engines: an older Node fails further in, with a message about something else.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`snaplab: needs Node 20.19 or later, and this is Node ${process.versions.node}\n`);
  process.exit(2);
}

// V8 optimises a function once it has run 66 kB of its bytecode, and again after each deoptimisation. A
// command lives a second or two and runs most of its functions only thousands of times: optimising them
// that early cost more than it saved. At four times the budget, in runs side by side on the 2-core
// development machine, `snaplab grade solutions` graded in 2.16 to 2.24 s on average against 2.25 to
// 2.46 s, and a --rules search of three-node took 0.34 to 0.38 s against 0.36 to 0.41 s; the long
// searches ran as before (four-process 1.37 to 1.54 s either way).
v8.setFlagsFromString("--interrupt-budget=270336");
// A grade is 136 short searches (each exercise's scenarios), most of them in code not optimised yet, and
// TurboFan compiled for 1.4 s of the second core's time in a grade of solutions/, there while the sandboxes'
// children answer: the search's loop alone took 115 ms to compile with all it inlined. With a third of
// the inlining, 0.8 s; graded in 2.35 s on average against 2.57 (12 runs side by side, lower in 10; and
// 2.62 against 2.77, lower in 9 of 10). Not for the long searches, whose inlined loops pay back:
// four-process took 2.05-2.14 s against 1.85-2.00.
const grading = process.argv[2] === "grade" || process.argv.slice(2, 4).join(" ") === "classroom autograde";
if (grading) v8.setFlagsFromString("--max-inlined-bytecode-size-cumulative=300");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// One bundle per checkout, in case several share a node_modules folder.
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 12);
const bundle = join(root, "node_modules", ".cache", "snaplab", `cli-${checkout}.cjs`);
// The sandboxes' broker thread (src/grade/sandbox/broker.ts), built with the bundle: a grader running from
// the bundle reads it from here instead of running esbuild for it on every start (about 60 ms).
const broker = bundle.replace(/\.cjs$/, ".broker.cjs");
// V8's compiled code of the bundle, as the first run after a build left it (see runBundle). One for a grade and one
// for the other commands: V8 refuses code compiled under other flags, and a grade's inlining differs, so a single cache
// was thrown away and written again each time a learner went from explore to grade or back.
const codeCache = bundle.replace(/\.cjs$/, grading ? ".grade.code-cache" : ".code-cache");

function newestSource() {
  const sources = readdirSync(join(root, "src"), { recursive: true }).map((f) => join(root, "src", String(f)));
  return Math.max(statSync(fileURLToPath(import.meta.url)).mtimeMs, ...sources.map((f) => statSync(f).mtimeMs));
}

function isFresh() {
  try {
    return statSync(bundle).mtimeMs >= newestSource();
  } catch {
    return false;
  }
}

if (!isFresh()) {
  // esbuild only when the bundle is stale: loading it costs every start about 50 ms.
  const { buildSync } = await import("esbuild").catch((error) => {
    if (error.code !== "ERR_MODULE_NOT_FOUND") throw error;
    // A fresh clone run before `npm install`: one line, not Node's stack trace.
    process.stderr.write(`snaplab: its packages are not installed: run npm install (or npm ci) in ${root} first\n`);
    process.exit(2);
  });
  const { outputFiles } = buildSync({
    entryPoints: [join(root, "src", "cli", "snaplab.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    // CommonJS, the format V8's code cache takes in Node 20 (vm.Script), strict as the modules it is made of;
    // import.meta.url is the bundle's own.
    format: "cjs",
    define: { "import.meta.url": "__bundle_url" },
    banner: { js: '"use strict";\nvar __bundle_url = require("node:url").pathToFileURL(__filename).href;' },
    target: "node20",
    // The packages too (yargs, fast-check, fflate), except esbuild, loaded only to bundle: resolving and
    // loading yargs' forty-odd modules and the others' cost every start about 40 ms. Bundled, yargs no
    // longer finds its translations, so its own words are English, as snaplab's are, whatever LANG says.
    external: ["esbuild"],
    // A map file beside the bundle, read only by `NODE_OPTIONS=--enable-source-maps` (stack traces
    // in src/ lines): enabled on every start, reading the map cost each one about 45 ms.
    sourcemap: "external",
    write: false,
    logLevel: "error",
  });
  const text = (ending) => outputFiles.find((file) => file.path.endsWith(ending)).text;
  const [brokerCode] = buildSync({
    entryPoints: [join(root, "src", "grade", "sandbox", "broker.ts")],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    write: false,
    logLevel: "error",
  }).outputFiles;
  // Built in memory; written beside the bundle, then renamed: two runs starting at once never see half a
  // file. The bundle last: once it is fresh, so is the rest.
  try {
    mkdirSync(dirname(bundle), { recursive: true });
    for (const [file, content] of [
      [broker, brokerCode.text],
      [`${bundle}.map`, text(".map")],
      [bundle, `${text(".cjs")}//# sourceMappingURL=${basename(bundle)}.map\n`],
    ]) {
      writeWhole(file, content);
    }
  } catch (error) {
    cannotWrite(error);
  }
}
runBundle();

/**
 * A checkout this user cannot write in (installed by another user, or read-only): the bundle cannot be
 * kept, which is one line to act on, not a stack trace. Once its owner has run snaplab, others can.
 */
function cannotWrite(error) {
  if (!["EACCES", "EPERM", "EROFS"].includes(error.code)) throw error;
  process.stderr.write(
    `snaplab: cannot write its build in ${dirname(bundle)} (${error.code}): run snaplab once as the user who installed it, or install it where you can write\n`,
  );
  process.exit(2);
}

/** Writes a file beside its place, then renames it there: two runs starting at once never see half a file. */
function writeWhole(file, content) {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/**
 * Runs the bundle as Node runs a CommonJS file, but from V8's code cache: the
 * bytecode of the functions earlier runs compiled. Compiling the bundle's
 * 1.1 MB, and the functions a command calls, cost each start about 50 ms
 * (Node 20 has no compile cache of its own). The first runs after a build
 * write the cache as they exit, each adding what its command compiled to what
 * it found; after CACHE_RUNS of them it stays as it is (writing it costs about
 * 8 ms). V8 checks a cache against its code only by length, so the cache
 * starts with the bundle's SHA-1, then the number of runs that wrote it.
 */
function runBundle() {
  // Node maps stack traces to src/ only for the files it loads itself.
  if (process.sourceMapsEnabled) return createRequire(import.meta.url)(bundle);
  const CACHE_RUNS = 8;
  const source = readFileSync(bundle, "utf8");
  const digest = createHash("sha1").update(source).digest();
  let cachedData;
  let runs = 0;
  try {
    const cache = readFileSync(codeCache);
    if (cache.subarray(0, digest.length).equals(digest)) {
      runs = cache[digest.length];
      cachedData = cache.subarray(digest.length + 1);
    }
  } catch {
    // none yet
  }
  // Node's CommonJS wrapper, on the bundle's first line: the source map's lines still match.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (script.cachedDataRejected) runs = 0;
  if (runs < CACHE_RUNS) {
    process.once("exit", () => {
      try {
        writeWhole(codeCache, Buffer.concat([digest, Buffer.of(runs + 1), script.createCachedData()]));
      } catch {
        // A read-only checkout runs without the cache.
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}
