/**
 * `npm run build`, and package.json's `prepare` (so at `npm install` and
 * `npm ci`): builds dist/ from src/ with esbuild, in one place.
 *
 *   dist/snaplab.mjs    the CLI (src/cli/snaplab.ts) with its packages, which bin/snaplab.js runs;
 *                       the code it shares with the live node, and each command's, in dist/chunks/
 *   dist/broker.cjs     the sandboxes' broker thread (src/grade/sandbox/broker.ts), handed to a Worker as code
 *   dist/harness.mjs    what serves a learner's module in its sandbox (src/grade/sandbox/harness.ts), bundled with each one
 *   dist/live-node.mjs  what `snaplab live` starts for each of a bank's processes (src/live/node-main.ts)
 *   dist/index.mjs      the library (src/index.ts), what `import ... from "snaplab"` loads (package.json's exports);
 *                       not in a starter's build
 *   dist/page/          the page `snaplab ui` serves (src/web/page/), the scenarios of spec/scenarios/ built in
 *
 * Only esbuild is needed, a dependency (the grader bundles learners' files with it), so the build
 * runs where the kit is installed without its devDependencies too (`npm ci --omit=dev`).
 *
 * `snaplab classroom github` builds the same files for the starter a learner is handed
 * (`distFiles({ forLearners: true })`), which ships them in place of src/: minified, so that the
 * reference rules the grader runs are no source a learner reads by chance; the messages a learner
 * sees are strings, which minifying leaves as they are. It also builds the starter's check of
 * snaplab's files (`kitCheckFile`).
 */
import { build } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

/** What every bundle run by Node shares; bench/bundled.mjs bundles the benches with it too. */
export const forNode = {
  bundle: true,
  platform: "node",
  target: "node20",
  // Loaded only to bundle a learner's files, and a native binary of its own: found in node_modules at run time.
  external: ["esbuild"],
  // A package's ES module build before its CommonJS one: jsonc-parser's CommonJS build is UMD, whose require of its
  // own files a bundler cannot follow.
  mainFields: ["module", "main"],
  logLevel: "warning",
};

/**
 * ES modules that bundle CommonJS packages: `require` of Node's own modules
 * (fflate's worker_threads) needs a require of the bundle's own.
 */
const requireBanner = { js: 'import { createRequire as snaplabRequire } from "node:module";\nconst require = snaplabRequire(import.meta.url);' };

/** Every shipped scenario, by its path under spec/scenarios/, as its file's text: the page's built-in examples. */
function shippedScenarios() {
  const folder = join(root, "spec", "scenarios");
  const files = readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".json"))
    .sort();
  return Object.fromEntries(files.map((file) => [file.split(sep).join("/"), readFileSync(join(folder, file), "utf8")]));
}

/**
 * dist/'s files, built in memory: each its path under dist/ (with /) and its bytes, sorted by path.
 * `forLearners`: the starter's build, minified, with no source maps and no comments.
 */
export async function distFiles({ forLearners = false } = {}) {
  const page = join(root, "src", "web", "page");
  const sandbox = join(root, "src", "grade", "sandbox");
  // In memory: buildDist writes them to dist/, `snaplab classroom github` into the starter.
  const shared = { write: false, ...(forLearners ? { minify: true, legalComments: "none" } : {}) };
  const builds = await Promise.all([
    build({
      ...forNode,
      ...shared,
      entryPoints: {
        snaplab: join(root, "src", "cli", "snaplab.ts"),
        "live-node": join(root, "src", "live", "node-main.ts"),
        // The library, not in a starter: its exports would name the reference rules a learner writes.
        ...(forLearners ? {} : { index: join(root, "src", "index.ts") }),
      },
      outdir: dist,
      outExtension: { ".js": ".mjs" },
      format: "esm",
      // A command's code in chunks of its own, loaded when it is typed (src/cli/main.ts): `snaplab --version` loads yargs and little else.
      splitting: true,
      chunkNames: "chunks/[name]-[hash]",
      banner: requireBanner,
      // Read only under `node --enable-source-maps`: stack traces in src/ lines. A starter has no src/ to lead to.
      sourcemap: forLearners ? false : "linked",
    }),
    build({
      ...forNode,
      ...shared,
      entryPoints: [join(sandbox, "broker.ts")],
      outfile: join(dist, "broker.cjs"),
      // A Worker given code runs it as a script, not a module.
      format: "cjs",
    }),
    build({
      ...forNode,
      ...shared,
      entryPoints: [join(sandbox, "harness.ts")],
      outfile: join(dist, "harness.mjs"),
      // Bundled again with each learner's module (src/grade/sandbox/bundle.ts), importing only Node's own modules.
      format: "esm",
    }),
    build({
      ...shared,
      // your-rules.js offers no rules; `snaplab ui --rules` serves one of its own in its place.
      entryPoints: { page: join(page, "page.ts"), "search-worker": join(page, "search-worker.ts"), "your-rules": join(page, "your-rules.ts") },
      outdir: join(dist, "page"),
      bundle: true,
      // The page and the worker share the models and the explorer: one chunk, fetched once.
      splitting: true,
      format: "esm",
      // Built for the browser: a module of the page that imported node:fs fails the build, not the page.
      platform: "browser",
      target: "es2022",
      minify: true,
      legalComments: "none",
      logLevel: "warning",
      define: { SNAPLAB_SCENARIOS: JSON.stringify(shippedScenarios()) },
    }),
  ]);
  const built = builds.flatMap((result) =>
    result.outputFiles.map((file) => ({ path: relative(dist, file.path).split(sep).join("/"), contents: file.contents })),
  );
  const copied = ["index.html", "styles.css"].map((name) => ({ path: `page/${name}`, contents: readFileSync(join(page, name)) }));
  return [...built, ...copied].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * The check of snaplab's files a starter runs (src/classroom/kit-check-script.ts), for
 * `snaplab classroom github`: one file of Node's own modules, not minified (it holds no answer, and
 * an instructor may read what it does), with `kit`, the starter's sums and a refused grade's result,
 * written in at its top as SNAPLAB_KIT, a file a line.
 */
export async function kitCheckFile(kit) {
  const header = [
    "// Written by `snaplab classroom github`: checks that snaplab's files are the starter's, each file's SHA-256",
    "// (its line endings as LF) below. The workflow runs it before it grades, and so does npm test.",
    `const SNAPLAB_KIT = ${JSON.stringify(kit, null, 2)};`,
  ];
  const result = await build({
    ...forNode,
    write: false,
    entryPoints: [join(root, "src", "classroom", "kit-check-script.ts")],
    format: "esm",
    legalComments: "none",
    banner: { js: header.join("\n") },
  });
  return result.outputFiles[0].contents;
}

/** Builds dist/ afresh. */
export async function buildDist() {
  const files = await distFiles();
  rmSync(dist, { recursive: true, force: true });
  for (const { path, contents } of files) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), contents);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildDist().catch(() => {
    // esbuild has said what failed, file and line, on stderr.
    process.exit(1);
  });
}
