/**
 * The node entry (node-main.ts) bundled with esbuild into one cached file, as
 * bin/snaplab.js bundles the CLI, rebuilt when a source file is newer.
 */
import { esbuild } from "../files/esbuild-when-needed.js";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageRoot } from "../files/package-root.js";

/** The path of the node bundle, built first if it is missing or stale. */
export function nodeBundle(): string {
  const root = packageRoot();
  const src = join(root, "src");
  const bundle = join(root, "node_modules", ".cache", "snaplab", `live-node-${createHash("sha256").update(root).digest("hex").slice(0, 12)}.mjs`);
  const newest = Math.max(...readdirSync(src, { recursive: true }).map((f) => statSync(join(src, String(f))).mtimeMs));
  const built = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built < newest) {
    mkdirSync(dirname(bundle), { recursive: true });
    // Build beside it, then rename: two runs starting at once never see half a file.
    const partial = `${bundle}.${process.pid}.tmp`;
    esbuild().buildSync({
      entryPoints: [join(src, "live", "node-main.ts")],
      outfile: partial,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "error",
    });
    renameSync(partial, bundle);
  }
  return bundle;
}
