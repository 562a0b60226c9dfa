#!/usr/bin/env node
// The `snaplab` command: runs the CLI that `npm install` built into dist/ (scripts/build.mjs).
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

// package.json's engines: an older Node fails further in, with a message about something else.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`snaplab: needs Node 20.19 or later, and this is Node ${process.versions.node}\n`);
  process.exit(2);
}

const cli = new URL("../dist/snaplab.mjs", import.meta.url);
await import(cli.href).catch((error) => {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || error.url !== cli.href) throw error;
  // A clone run before `npm install`: one line, not Node's stack trace.
  const root = dirname(dirname(fileURLToPath(cli)));
  process.stderr.write(`snaplab: it is not built yet: run npm install (or npm run build) in ${root}\n`);
  process.exit(2);
});
