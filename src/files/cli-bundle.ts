/**
 * Whether this code runs from the CLI's bundle, which bin/snaplab.js builds in
 * node_modules/.cache/snaplab/ (`cli-<checkout>.cjs`), rather than from source.
 */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

/** The CLI's bundle this code runs from, or undefined when it runs from source (or from another bundle). */
export function cliBundle(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  return /^cli-[0-9a-f]+\.cjs$/.test(basename(here)) ? here : undefined;
}
