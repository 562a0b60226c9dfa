// vitest's globalSetup (vitest.config.ts): builds dist/ once, as `npm run build` does, before any test starts.
// The tests that run the real command (bin/snaplab.js), a live run's nodes and the grader's broker run what
// dist/ holds: built from the sources under test, never a build an earlier `npm install` left.
import { spawnSync } from "node:child_process";

export default function buildOnce(): void {
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { encoding: "utf8" });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
}
