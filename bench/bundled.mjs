/**
 * `node bench/bundled.mjs bench/run.ts [args]`: runs a bench script bundled
 * as the CLI is (scripts/build.mjs), not through tsx. tsx compiles with
 * esbuild's keepNames, which names every function as it is made: the generic
 * explorer makes closures per step, so that slows it down in a way the CLI's
 * users never see.
 */
import { buildSync } from "esbuild";
import { mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { forNode } from "../scripts/build.mjs";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node bench/bundled.mjs <bench script> [args]");
  process.exit(2);
}
// Inside the checkout, where the bundle finds the packages and snaplab's root (src/package/package-root.ts).
const folder = join("node_modules", ".cache", "snaplab");
mkdirSync(folder, { recursive: true });
const outfile = join(folder, `bench-${basename(entry, ".ts")}.mjs`);
buildSync({
  ...forNode,
  entryPoints: [entry],
  outfile,
  format: "esm",
  // The packages are imported from node_modules as they are (playwright-core among them); only the bench and src/ are bundled.
  packages: "external",
});
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
