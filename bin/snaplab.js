#!/usr/bin/env node
// snaplab is TypeScript with no build step. To start quickly, the CLI is
// bundled with esbuild (the compiler tsx runs on) into one cached file, which
// is rebuilt whenever a source file is newer than it.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// One bundle per checkout, in case several share a node_modules folder.
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 12);
const bundle = join(root, "node_modules", ".cache", "snaplab", `cli-${checkout}.mjs`);
// The sandboxes' broker thread (src/grade/sandbox/broker.ts), built with the bundle: a grader running from
// the bundle reads it from here instead of running esbuild for it on every start (about 60 ms).
const broker = bundle.replace(/\.mjs$/, ".broker.cjs");

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
  const { outputFiles } = buildSync({
    entryPoints: [join(root, "src", "cli", "snaplab.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The packages too (yargs, fast-check, fflate), except esbuild, loaded only to bundle: resolving and
    // loading yargs' forty-odd modules and the others' cost every start about 40 ms. Bundled, yargs no
    // longer finds its translations, so its own words are English, as snaplab's are, whatever LANG says.
    external: ["esbuild"],
    // A map file beside the bundle, read only by `NODE_OPTIONS=--enable-source-maps` (stack traces
    // in src/ lines): enabled on every start, reading the map cost each one about 45 ms.
    sourcemap: "external",
    write: false,
    logLevel: "error",
  });
  const text = (ending) => outputFiles.find((file) => file.path.endsWith(ending)).text;
  const [brokerCode] = buildSync({
    entryPoints: [join(root, "src", "grade", "sandbox", "broker.ts")],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    write: false,
    logLevel: "error",
  }).outputFiles;
  // Written beside the bundle, then renamed: two runs starting at once never see half a file. The
  // bundle last: once it is fresh, so is the rest.
  for (const [file, content] of [
    [broker, brokerCode.text],
    [`${bundle}.map`, text(".map")],
    [bundle, `${text(".mjs")}//# sourceMappingURL=${basename(bundle)}.map\n`],
  ]) {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, content);
    renameSync(partial, file);
  }
}
await import(pathToFileURL(bundle).href);
