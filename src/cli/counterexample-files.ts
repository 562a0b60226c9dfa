/**
 * Writes the files that `snaplab explore` is asked for: per counterexample a
 * picture (SVG, Mermaid, ShiViz) or a saved trace. With one
 * counterexample the file is the name given; with several, each gets its
 * property's name before the extension (trace.json -> trace.conservation.json).
 * Each is written as a report is (report-file.ts): whole, and only over a regular file.
 * The names given are checked before the search; the names written, known only
 * once the counterexamples are, are all checked again before any is written.
 */
import type { ModelDescriptor } from "../check/model-descriptor.js";
import type { Counterexample, Report } from "../check/report.js";
import { mermaidDiagram } from "../render/mermaid-diagram.js";
import { shivizLog } from "../render/shiviz-log.js";
import { svgDiagram } from "../render/svg-diagram.js";
import { formatTrace, savedTrace, type TraceRules } from "../trace/saved-trace.js";
import { type AskedFile, checkFilesToWrite, writeReportFile } from "./report-file.js";

export interface PictureFiles {
  readonly svg?: string | undefined;
  readonly mermaid?: string | undefined;
  readonly shiviz?: string | undefined;
}

export interface CounterexampleFiles extends PictureFiles {
  readonly saveTrace?: string | undefined;
}

/** The files the command reads, which no file it writes may be. */
export interface FilesRead {
  readonly scenario?: string | undefined;
  readonly rules?: string | undefined;
}

/** Each kind of file: the option that asks for it, and what it holds. */
const kinds = {
  svg: { flag: "--svg", what: "the picture" },
  mermaid: { flag: "--mermaid", what: "the picture" },
  shiviz: { flag: "--shiviz", what: "the log" },
  saveTrace: { flag: "--save-trace", what: "the trace" },
} as const;

/**
 * Refuses, before any work, a file asked for that could not be written (its
 * folder missing, or a folder named for it), that is a file the command reads
 * (the scenario, the rules), or that two options name.
 */
export function checkAskedFiles(files: CounterexampleFiles & FilesRead): void {
  checkFilesToWrite(askedFiles(files), filesRead(files));
}

/** The files a command line asks for, each with its option and what it holds. */
function askedFiles(files: CounterexampleFiles): (AskedFile & { kind: keyof typeof kinds })[] {
  return (Object.keys(kinds) as (keyof typeof kinds)[]).flatMap((kind) => (files[kind] ? [{ kind, file: files[kind], ...kinds[kind] }] : []));
}

function filesRead(files: FilesRead): { file: string; what: string }[] {
  return [
    ...(files.scenario === undefined ? [] : [{ file: files.scenario, what: "the scenario" }]),
    ...(files.rules === undefined ? [] : [{ file: files.rules, what: "the rules file" }]),
  ];
}

/**
 * Writes every file asked for about a report's counterexamples (a trace only
 * where the model can save one) and returns the names written: each name is
 * checked first, so that a refusal writes none.
 */
export function writeCounterexampleFiles(
  model: ModelDescriptor,
  report: Pick<Report, "scenario" | "algorithm" | "counterexamples">,
  files: CounterexampleFiles & FilesRead,
): string[] {
  // The rules that ran: a learner's file (--rules) is named as a file, never as an algorithm.
  const madeWith: TraceRules = files.rules === undefined ? { algorithm: report.algorithm } : { file: files.rules };
  const writers = {
    svg: (c: Counterexample) => svgDiagram(c.view),
    mermaid: (c: Counterexample) => mermaidDiagram(c.view),
    shiviz: (c: Counterexample) => shivizLog(c.view),
    saveTrace: (c: Counterexample) => formatTrace(savedTrace(model, report.scenario, madeWith, c)),
  };
  const { counterexamples } = report;
  const planned = askedFiles(files).flatMap((asked) =>
    counterexamples.map((counterexample) => ({
      ...asked,
      file: counterexamples.length === 1 ? asked.file : withProperty(asked.file, counterexample.property),
      write: () => writers[asked.kind](counterexample),
    })),
  );
  checkFilesToWrite(planned, filesRead(files));
  for (const { file, what, write } of planned) writeReportFile(file, write(), what);
  return planned.map(({ file }) => file);
}

/** Writes the files a command line asks for, names each on stderr, and says so when there is no counterexample to write. */
export function writeAskedFiles(
  model: ModelDescriptor,
  report: Pick<Report, "scenario" | "algorithm" | "counterexamples">,
  files: CounterexampleFiles & FilesRead,
): void {
  for (const file of writeCounterexampleFiles(model, report, files)) process.stderr.write(`wrote ${file}\n`);
  const named = askedFiles(files);
  if (named.length > 0 && report.counterexamples.length === 0) {
    process.stderr.write(`snaplab: every property holds, so there is no counterexample for ${named.map(({ flag }) => flag).join(", ")}: nothing written\n`);
  }
}

export function withProperty(file: string, property: string): string {
  const dot = file.lastIndexOf(".");
  const hasExtension = dot > file.lastIndexOf("/") + 1;
  return hasExtension ? `${file.slice(0, dot)}.${property}${file.slice(dot)}` : `${file}.${property}`;
}
