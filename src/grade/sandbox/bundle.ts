/**
 * Builds what a sandbox runs, with esbuild: the broker thread, and for each
 * submission file one bundle holding the file and the harness that serves it.
 * Learners write TypeScript; esbuild strips the types (it does not check them).
 */
import { buildSync, type BuildFailure } from "esbuild";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Raised when a submission file does not build; the message names the file, line and problem. */
export class BuildError extends Error {}

let workspace: string | undefined;
let brokerBundle: string | undefined;
let bundles = 0;

/** A private temporary folder for this process's bundles, removed when it exits. */
function scratch(): string {
  if (!workspace) {
    const dir = mkdtempSync(join(tmpdir(), "snaplab-grade-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    workspace = dir;
  }
  return workspace;
}

/**
 * The snaplab checkout this code runs from. From source (vitest, tsx) this
 * file is <root>/src/grade/sandbox/bundle.ts; bundled, the CLI is started as
 * <root>/bin/snaplab.js (through any symlink, such as node_modules/.bin).
 */
function packageRoot(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return resolve(dirname(here), "../../..");
  return resolve(dirname(realpathSync(process.argv[1]!)), "..");
}

const sandboxSource = (file: string) => join(packageRoot(), "src", "grade", "sandbox", file);

export function brokerEntry(): string {
  if (!brokerBundle) {
    const outfile = join(scratch(), "broker.mjs");
    build({ entryPoints: [sandboxSource("broker.ts")], outfile });
    brokerBundle = outfile;
  }
  return brokerBundle;
}

/** Bundles `file` (a learner's module) with the harness; returns the bundle's path. */
export function submissionEntry(file: string, label: string): string {
  const outfile = join(scratch(), `submission-${++bundles}.mjs`);
  const contents = [
    `import { serve } from ${JSON.stringify(sandboxSource("harness.ts"))};`,
    `serve(() => import(${JSON.stringify(resolve(file))}));`,
  ].join("\n");
  try {
    build({ stdin: { contents, resolveDir: dirname(resolve(file)), loader: "ts", sourcefile: "sandbox-entry.ts" }, outfile });
  } catch (error) {
    const first = (error as BuildFailure).errors?.[0];
    if (!first) throw error;
    const where = first.location ? `${label}:${first.location.line}:${first.location.column + 1}: ` : `${label}: `;
    throw new BuildError(`${where}${first.text}`);
  }
  return outfile;
}

function build(options: Parameters<typeof buildSync>[0]): void {
  buildSync({ bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "silent", ...options });
}
