/**
 * Where in a learner's files a rule threw: the stack's places in the
 * bundle, read back through the source map esbuild made of it. The grader
 * and `snaplab live` read the places of a bundle run by Node; the page
 * (snaplab ui --rules), those of the bundle the learner's browser runs, with
 * the same code: @jridgewell/trace-mapping reads a source map anywhere.
 * The places come from the sandbox's child, or a stack the learner's code
 * made, so they are only looked up, never trusted further: one that maps to
 * nothing, or to the kit's own code, is skipped.
 */
import { TraceMap, traceSegment } from "@jridgewell/trace-mapping";
import type { BundlePlace } from "./protocol.js";

/** "01-record-and-forward/rules.ts:16:11": the innermost of `places` in the submission's own files, if any. */
export function placeInSubmission(sourceMap: string, places: readonly BundlePlace[]): string | undefined {
  const map = new TraceMap(sourceMap);
  for (const [line, column] of places) {
    // The nearest mapping before the place, on the place's own line; its source named as the map names it (no path resolved).
    const segment = traceSegment(map, line - 1, column - 1);
    if (segment === null || segment.length === 1) continue;
    const [, source, originalLine, originalColumn] = segment;
    if (map.sources[source]) return `${map.sources[source]}:${originalLine + 1}:${originalColumn + 1}`;
  }
  return undefined;
}

/** `message` (what a call or a module's top-level code threw) with the place in the submission it threw from, where the map knows it. */
export function placedMessage(message: string, sourceMap: string, at: readonly BundlePlace[] | undefined): string {
  const place = at && placeInSubmission(sourceMap, at);
  return place === undefined ? message : `${message} (${place})`;
}
