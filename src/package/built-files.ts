/**
 * What `npm install` (or `npm run build`) built into dist/ with esbuild
 * (scripts/build.mjs), for the code that runs it: the sandboxes' broker
 * thread, a live run's nodes, the page `snaplab ui` serves, and the CLI itself.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { packageRoot } from "./package-root.js";

/** The path of `name` in dist/ (e.g. "broker.cjs"); a SnaplabError saying to build if it is not there. */
export function builtFile(name: string): string {
  const root = packageRoot();
  const file = join(root, "dist", name);
  if (!existsSync(file)) throw new SnaplabError("NOT_BUILT", `${file} is missing: run npm install (or npm run build) in ${root}`);
  return file;
}
