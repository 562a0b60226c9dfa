/**
 * The snaplab checkout this code runs from: the nearest folder above this
 * file whose package.json is snaplab's. From source this file is in src/package/;
 * bundled, it is in dist/ or dist/chunks/ (the CLI, a live node) or in
 * node_modules/.cache/snaplab/ (a bench, bench/bundled.mjs) of the same
 * checkout.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const file = join(folder, "package.json");
    if (existsSync(file) && (JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name === "snaplab") return folder;
    if (dirname(folder) === folder) throw new Error(`cannot find snaplab's package.json above ${from}`);
  }
}
