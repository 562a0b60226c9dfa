/**
 * The page (src/web/page/) as `npm install` built it into dist/page/
 * (scripts/build.mjs): the HTML, the styles, the page's script and the
 * search worker's, with the scenarios of spec/scenarios/ built in.
 * `snaplab ui` serves these files from memory; `snaplab ui --out DIR`
 * (npm run build:web) writes them to a new folder (new-folder.ts) any
 * static host can serve: nothing is fetched from anywhere else.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
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
