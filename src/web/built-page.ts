/**
 * The page (src/web/page/) as `npm install` built it into dist/page/
 * (scripts/build.mjs): the HTML, the styles, the page's script and the
 * search worker's, with the scenarios of spec/scenarios/ built in.
 * `snaplab ui` serves these files from memory; `snaplab ui --out DIR`
 * (npm run build:web) writes them to a folder any static host can serve:
 * nothing is fetched from anywhere else.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { builtFile } from "../package/built-files.js";

/** The page's files by name ("index.html", "page.js", ...). */
export type PageFiles = ReadonlyMap<string, Uint8Array>;

export function builtPage(): PageFiles {
  const folder = builtFile("page");
  const names = readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => statSync(join(folder, name)).isFile())
    .sort();
  return new Map(names.map((name) => [name.split(sep).join("/"), readFileSync(join(folder, name))]));
}

/** Writes the page to `dir` (made if missing); returns the names written. */
export function writePage(files: PageFiles, dir: string): string[] {
  for (const [name, bytes] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return [...files.keys()].sort();
}
