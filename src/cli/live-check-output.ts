/**
 * What `snaplab live` and `snaplab check-logs` do with a checked run, the one
 * they started or the one whose logs they were given: the report (text, or
 * JSON with --format json), the ShiViz log (--shiviz) and the first broken snapshot
 * as a model trace (--save-trace), and the exit status.
 */
import { jsonText } from "../files/json-text.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { brokenSnapshotTrace } from "../live/broken-snapshot-trace.js";
import type { RunCheck } from "../live/check-run.js";
import { liveJson, liveTextReport, runVerdict } from "../live/live-report.js";
import { liveShivizLog } from "../live/live-shiviz.js";
import { formatTrace } from "../trace/saved-trace.js";
import { ExitCode } from "./exit-code.js";
import { jsonShorthand, type TextOrJson, textOrJson } from "./format-option.js";
import { oneValue } from "./option-values.js";
import { checkFilesToWrite, writeReportFile } from "./report-file.js";

export interface LiveCheckArgs {
  format: TextOrJson;
  shiviz?: string;
  saveTrace?: string;
}

/** The options of the output, for yargs' `.options()`. */
export const liveCheckOptions = {
  format: textOrJson,
  json: jsonShorthand,
  shiviz: { type: "string", ...oneValue<string>("shiviz"), describe: "write the whole run as a ShiViz log (vector clocks) to this file" },
  "save-trace": {
    type: "string",
    ...oneValue<string>("save-trace"),
    describe: "save the first broken snapshot as a trace that snaplab replay reproduces in the model",
  },
} as const;

/**
 * Refuses, before any work starts (a typo must not cost a whole run), a file
 * asked for that could not be written, that both options name, or that is one
 * the run is read from (`read`: the scenario, the cluster file, the rules, a
 * log): written at the end, it would replace it.
 */
export function checkLiveCheckFiles(args: LiveCheckArgs, read: readonly { file: string; what: string }[]): void {
  const asked = [
    ...(args.shiviz ? [{ flag: "--shiviz", file: args.shiviz, what: "the log" }] : []),
    ...(args.saveTrace ? [{ flag: "--save-trace", file: args.saveTrace, what: "the trace" }] : []),
  ];
  checkFilesToWrite(asked, read);
}

/** The exit status of each verdict: a run stopped at its --timeout reached a limit before an answer, as explore at --max-states. */
const exitCodes = { holds: ExitCode.AllHold, violated: ExitCode.Violated, "stopped at the limit": ExitCode.Unusable } as const;

/** Prints the report, writes the files asked for and sets the exit status; `rules` cut the trace down (needed with --save-trace). */
export function writeLiveCheck(check: RunCheck, args: LiveCheckArgs, rules: SnapshotAlgorithm | undefined): void {
  process.stdout.write(args.format === "json" ? jsonText(liveJson(check)) : liveTextReport(check));
  if (args.shiviz) writeReportFile(args.shiviz, liveShivizLog(check), "the log");
  if (args.saveTrace) {
    if (rules === undefined) throw new Error("--save-trace needs the run's rules");
    const trace = brokenSnapshotTrace(check, rules);
    if (trace) writeReportFile(args.saveTrace, formatTrace(trace), "the trace");
    else process.stderr.write(`snaplab: no snapshot is broken, so there is no trace to save to ${args.saveTrace}\n`);
  }
  process.exitCode = exitCodes[runVerdict(check)];
}
