#!/usr/bin/env node
// snaplab is TypeScript with no build step. To start quickly, the CLI is
// bundled with esbuild (the compiler tsx runs on) into one cached file, which
// is rebuilt whenever a source file is newer than it.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// One bundle per checkout, in case several share a node_modules folder.
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 12);
const bundle = join(root, "node_modules", ".cache", "snaplab", `cli-${checkout}.mjs`);

function newestSource() {
  const sources = readdirSync(join(root, "src"), { recursive: true }).map((f) => join(root, "src", String(f)));
  return Math.max(statSync(fileURLToPath(import.meta.url)).mtimeMs, ...sources.map((f) => statSync(f).mtimeMs));
}

function isFresh() {
  try {
    return statSync(bundle).mtimeMs >= newestSource();
  } catch {
    return false;
  }
}

if (!isFresh()) {
  // esbuild only when the bundle is stale: loading it costs every start about 50 ms.
  const { buildSync } = await import("esbuild");
  mkdirSync(dirname(bundle), { recursive: true });
  // Build beside the bundle, then rename: two runs starting at once never see half a file.
  const partial = `${bundle}.${process.pid}.tmp`;
  buildSync({
    entryPoints: [join(root, "src", "cli", "snaplab.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "error",
  });
  renameSync(partial, bundle);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
