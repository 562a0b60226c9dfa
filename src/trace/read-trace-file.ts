/** Reads a saved trace from disk; load-trace.ts parses text only, so that it also runs in the browser. */
import { readTextFile } from "../files/read-text-file.js";
import { models, type ModelRegistry } from "../models/registry.js";
import { parseTrace, type LoadedTrace } from "./load-trace.js";
import { TraceError } from "./trace-error.js";

export function loadTrace(file: string, registry: ModelRegistry = models): LoadedTrace {
  const text = readTextFile(
    file,
    (reason) => {
      throw new TraceError(file, "", `cannot read the trace (${reason})`);
    },
    "trace file",
  );
  return parseTrace(text, file, registry);
}
