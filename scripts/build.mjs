/**
 * `npm run build`, and package.json's `prepare` (so at `npm install` and
 * `npm ci`): builds dist/ from src/ with esbuild, in one place.
 *
 *   dist/snaplab.mjs    the CLI (src/cli/snaplab.ts) with its packages, which bin/snaplab.js runs;
 *                       also the worker thread of a grade's second lane (src/grade/grading-lanes.ts);
 *                       the code it shares with the live node, and each command's, in dist/chunks/
 *   dist/broker.cjs     the sandboxes' broker thread (src/grade/sandbox/broker.ts), handed to a Worker as code
 *   dist/live-node.mjs  what `snaplab live` starts for each of a bank's processes (src/live/node-main.ts)
 *   dist/page/          the page `snaplab ui` serves (src/web/page/), the scenarios of spec/scenarios/ built in
 *
 * Only esbuild is needed, a dependency (the grader bundles learners' files with it), so the build
 * runs where the kit is installed without its devDependencies too (`npm ci --omit=dev`).
 */
import { build } from "esbuild";
import { copyFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, sep } from "node:path";
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

export async function buildDist() {
  rmSync(dist, { recursive: true, force: true });
  const page = join(root, "src", "web", "page");
  await Promise.all([
    build({
      ...forNode,
      entryPoints: { snaplab: join(root, "src", "cli", "snaplab.ts"), "live-node": join(root, "src", "live", "node-main.ts") },
      outdir: dist,
      outExtension: { ".js": ".mjs" },
      format: "esm",
      // A command's code in chunks of its own, loaded when it is typed (src/cli/main.ts): `snaplab --version` loads yargs and little else.
      splitting: true,
      chunkNames: "chunks/[name]-[hash]",
      banner: requireBanner,
      // Read only under `node --enable-source-maps`: stack traces in src/ lines.
      sourcemap: "linked",
    }),
    build({
      ...forNode,
      entryPoints: [join(root, "src", "grade", "sandbox", "broker.ts")],
      outfile: join(dist, "broker.cjs"),
      // A Worker given code runs it as a script, not a module.
      format: "cjs",
    }),
    build({
      entryPoints: { page: join(page, "page.ts"), "search-worker": join(page, "search-worker.ts") },
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
  for (const name of ["index.html", "styles.css"]) copyFileSync(join(page, name), join(dist, "page", name));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildDist().catch(() => {
    // esbuild has said what failed, file and line, on stderr.
    process.exit(1);
  });
}
