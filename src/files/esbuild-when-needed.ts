/**
 * esbuild, loaded the first time something is bundled: most commands never
 * bundle anything, and loading it would cost every start about 50 ms.
 */
import { createRequire } from "node:module";

type Esbuild = typeof import("esbuild");

let loaded: Esbuild | undefined;

export function esbuild(): Esbuild {
  loaded ??= createRequire(import.meta.url)("esbuild") as Esbuild;
  return loaded;
}
