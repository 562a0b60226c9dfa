/** The GitHub Classroom starter both github test files read: written for exercise 4 by `snaplab classroom github`, in this process. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { runCli } from "../support/cli.js";

/** A step of the starter's workflow, as its YAML gives it. */
export interface Step {
  id?: string;
  name: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

/** The starter in `starter`, written before the file's tests, inside `scratch`, which is removed after them. */
export function githubStarter(): { readonly scratch: string; readonly starter: string } {
  const scratch = mkdtempSync(join(tmpdir(), "snaplab-github-"));
  const starter = join(scratch, "starter");
  beforeAll(async () => {
    const written = await runCli("classroom", "github", "--out", starter, "--only", "4");
    expect(written.status, written.stderr).toBe(0);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return { scratch, starter };
}
