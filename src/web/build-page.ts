/**
 * Builds the page (src/web/page/) into a few static files with esbuild: the
 * HTML, the styles, the page's script and the search worker's, with the
 * scenarios of spec/scenarios/ built in. `snaplab ui` serves them from memory;
 * `snaplab ui --out DIR` (npm run build:web) writes them to a folder any
 * static host can serve: nothing is fetched from anywhere else.
 *
 * esbuild bundles for the browser here, so a module of the page that
 * imported node:fs would fail the build rather than the page.
 */
import { esbuild } from "../files/esbuild-when-needed.js";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { packageRoot } from "../files/package-root.js";

/** The page's files by name ("index.html", "page.js", ...). */
export type PageFiles = ReadonlyMap<string, Uint8Array>;

/** Every shipped scenario, by its path under spec/scenarios/, as its file's text. */
function shippedScenarios(root: string): Record<string, string> {
  const folder = join(root, "spec", "scenarios");
  const files = readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".json"))
    .sort();
  return Object.fromEntries(files.map((file) => [file.split(sep).join("/"), readFileSync(join(folder, file), "utf8")]));
}

export async function buildPage(): Promise<PageFiles> {
  const root = packageRoot();
  const page = join(root, "src", "web", "page");
  const result = await esbuild().build({
    entryPoints: { page: join(page, "page.ts"), "search-worker": join(page, "search-worker.ts") },
    outdir: "/page",
    bundle: true,
    // The page and the worker share the models and the explorer: one chunk, fetched once.
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent",
    legalComments: "none",
    define: { SNAPLAB_SCENARIOS: JSON.stringify(shippedScenarios(root)) },
  });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(relative("/page", file.path).split(sep).join("/"), file.contents);
  for (const name of ["index.html", "styles.css"]) files.set(name, readFileSync(join(page, name)));
  return files;
}

/** Writes the page to `dir` (made if missing); returns the names written. */
export function writePage(files: PageFiles, dir: string): string[] {
  for (const [name, bytes] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return [...files.keys()].sort();
}
