/**
 * Whether a submission file loads modules at run time, with import() or
 * require(). A submission's files import each other with `import … from`,
 * which the bundler hands to its resolve hook (bundle.ts). import() and
 * require() it does not always hand over: given a path with a variable part
 * (`import(\`../../solutions/${name}/rules.ts\`)`, `require("./" + name)`),
 * esbuild lists the folders the pattern names itself and bundles every file
 * that matches, from anywhere on the disk. So a file that calls either is
 * refused before the bundler reads it.
 *
 * esbuild's transform finds them, as the bundler's own parser would: it
 * reads nothing from the disk (its file system is an empty one in memory).
 * A first pass turns every import() into a require() (as for a Node without
 * import()); a second renames the global `require` to a name of its own,
 * which the output then holds only if the file calls or names `require`.
 */
import { randomBytes } from "node:crypto";
import type { Loader, TransformFailure } from "esbuild";
import { esbuild } from "./bundler-wall.js";

/** A name no file holds: the global `require`, renamed. */
const renamed = `__snaplab_require_${randomBytes(8).toString("hex")}`;

/** As ES modules, written without indentation (code nested deep would fill esbuild's memory with spaces). */
const written = { format: "esm", minifyWhitespace: true, logLevel: "silent" } as const;

/** Why a file's code cannot be checked: its first syntax error, placed ("rules.ts:3:9: Unexpected ..."). */
export class UncheckedCode extends Error {}

/** Whether `code` (the file `label`) calls import() or names require; throws UncheckedCode if esbuild cannot parse it. */
export async function loadsModules(code: string, loader: Loader, label: string): Promise<boolean> {
  let lowered: string;
  try {
    lowered = (await esbuild().transform(code, { ...written, loader, sourcefile: label, supported: { "dynamic-import": false } })).code;
  } catch (error) {
    const first = (error as TransformFailure).errors?.[0];
    if (!first) throw error;
    const at = first.location;
    throw new UncheckedCode(`${label}:${at ? `${at.line}:${at.column + 1}:` : ""} ${first.text}`);
  }
  // Most files hold no "require" at all, not even in a string: one pass is enough for them.
  if (!lowered.includes("require")) return false;
  const named = await esbuild().transform(lowered, { ...written, loader: "js", define: { require: renamed } });
  return named.code.includes(renamed);
}
