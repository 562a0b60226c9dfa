/**
 * Where in a learner's files a rule threw: the stack's places in the
 * sandbox's bundle, read back through the source map esbuild made of it.
 * The places come from the child, so they are only looked up, never trusted
 * further: one that maps to nothing, or to the kit's own code, is skipped.
 */
import { SourceMap, type SourceMapPayload } from "node:module";
import type { BundlePlace } from "./protocol.js";

/** "01-record-and-forward/rules.ts:16:11": the innermost of `places` in the submission's own files, if any. */
export function placeInSubmission(sourceMap: string, places: readonly BundlePlace[]): string | undefined {
  const map = new SourceMap(JSON.parse(sourceMap) as SourceMapPayload);
  for (const [line, column] of places) {
    // The nearest mapping before the place: taken only on the place's own line.
    const entry = map.findEntry(line - 1, column - 1) as Partial<{
      generatedLine: number;
      originalSource: string;
      originalLine: number;
      originalColumn: number;
    }>;
    if (entry.generatedLine === line - 1 && entry.originalSource) {
      return `${entry.originalSource}:${entry.originalLine! + 1}:${entry.originalColumn! + 1}`;
    }
  }
  return undefined;
}
