// Runs before every test file (vitest.config.ts, setupFiles), also where files share a worker: what
// one file changes of the process must not reach the next file in its worker.
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dir.js";

const tmpdirBefore = process.env.TMPDIR;
const cwdBefore = process.cwd();

afterAll(() => {
  removeTempDirs();
  // Sandbox tests point TMPDIR at a folder of their own, which they remove when they end.
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
  process.chdir(cwdBefore);
});
