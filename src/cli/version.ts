/** snaplab's version, as package.json gives it. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The version in the nearest package.json named "snaplab" above this file:
 * src/cli/ when run from source, node_modules/.cache/snaplab/ when bundled.
 */
export function snaplabVersion(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const file = join(folder, "package.json");
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (json.name === "snaplab" && json.version) return json.version;
    }
    if (dirname(folder) === folder) return "unknown";
  }
}
