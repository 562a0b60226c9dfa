/**
 * The node entry (node-main.ts) bundled with esbuild into one cached file, as
 * bin/snaplab.js bundles the CLI, rebuilt when a source file is newer.
 */
import { esbuild } from "../files/esbuild-when-needed.js";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { packageRoot } from "../files/package-root.js";

/** The path of the node bundle, built first if it is missing or stale. */
export function nodeBundle(): string {
  const root = packageRoot();
  const src = join(root, "src");
  const bundle = join(root, "node_modules", ".cache", "snaplab", `live-node-${createHash("sha256").update(root).digest("hex").slice(0, 12)}.mjs`);
  const newest = Math.max(...readdirSync(src, { recursive: true }).map((f) => statSync(join(src, String(f))).mtimeMs));
  const built = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built < newest) {
    // Built in memory, written beside its place, then renamed: two runs starting at once never see half a file.
    const partial = `${bundle}.${process.pid}.tmp`;
    const [code] = esbuild().buildSync({
      entryPoints: [join(src, "live", "node-main.ts")],
      outfile: partial,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "error",
      write: false,
    }).outputFiles;
    try {
      mkdirSync(dirname(bundle), { recursive: true });
      writeFileSync(partial, code!.contents);
      renameSync(partial, bundle);
    } catch (error) {
      // A checkout installed by another user: as bin/snaplab.js says when it cannot keep the CLI's bundle.
      const why = (error as NodeJS.ErrnoException).code ?? "";
      if (!["EACCES", "EPERM", "EROFS"].includes(why)) throw error;
      throw new SnaplabError(
        "CANNOT_WRITE",
        `cannot write its build in ${dirname(bundle)} (${why}): run snaplab live once as the user who installed it, or install it where you can write`,
      );
    }
  }
  return bundle;
}
