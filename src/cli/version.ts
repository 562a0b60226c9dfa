/** snaplab's version, as its package.json gives it. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../package/package-root.js";

export function snaplabVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
