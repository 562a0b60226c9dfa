/**
 * Writes the files that `snaplab explore` is asked for: per counterexample a
 * picture (SVG, Mermaid, ShiViz) or a saved trace. With one
 * counterexample the file is the name given; with several, each gets its
 * property's name before the extension (trace.json -> trace.conservation.json).
 * Each is written as a report is (report-file.ts): whole, and only over a regular file.
 */
import type { ModelDescriptor } from "../check/model-descriptor.js";
import type { Counterexample, Report } from "../check/report.js";
import { mermaidDiagram } from "../render/mermaid-diagram.js";
import { shivizLog } from "../render/shiviz-log.js";
import { svgDiagram } from "../render/svg-diagram.js";
import { formatTrace, savedTrace } from "../trace/saved-trace.js";
import { type AskedFile, checkFilesApart, checkReportFile, writeReportFile } from "./report-file.js";

export interface PictureFiles {
  readonly svg?: string | undefined;
  readonly mermaid?: string | undefined;
  readonly shiviz?: string | undefined;
}

export interface CounterexampleFiles extends PictureFiles {
  readonly saveTrace?: string | undefined;
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
 * (`read`: the scenario, the rules), or that two options name.
 */
export function checkAskedFiles(files: CounterexampleFiles, read: readonly { file: string; what: string }[] = []): void {
  const asked = askedFiles(files);
  for (const { file, flag, what } of asked) checkReportFile(file, flag, what);
  checkFilesApart(asked, read);
}

/** The files a command line asks for, each with its option and what it holds. */
function askedFiles(files: CounterexampleFiles): AskedFile[] {
  return (Object.keys(kinds) as (keyof typeof kinds)[]).flatMap((kind) => (files[kind] ? [{ file: files[kind], ...kinds[kind] }] : []));
}

/** Writes every file asked for about a report's counterexamples (a trace only where the model can save one) and returns the names written. */
export function writeCounterexampleFiles(
  model: ModelDescriptor,
  report: Pick<Report, "scenario" | "algorithm" | "counterexamples">,
  files: CounterexampleFiles,
): string[] {
  return writeEach(report.counterexamples, files, {
    svg: (c: Counterexample) => svgDiagram(c.view),
    mermaid: (c: Counterexample) => mermaidDiagram(c.view),
    shiviz: (c: Counterexample) => shivizLog(c.view),
    saveTrace: (c: Counterexample) => formatTrace(savedTrace(model, report.scenario, report.algorithm, c)),
  });
}

/** Writes the files a command line asks for, names each on stderr, and says so when there is no counterexample to write. */
export function writeAskedFiles(model: ModelDescriptor, report: Pick<Report, "scenario" | "algorithm" | "counterexamples">, files: CounterexampleFiles): void {
  const asked = { svg: files.svg, mermaid: files.mermaid, shiviz: files.shiviz, saveTrace: files.saveTrace };
  for (const file of writeCounterexampleFiles(model, report, asked)) process.stderr.write(`wrote ${file}\n`);
  const named = Object.entries(asked).filter(([, file]) => file !== undefined);
  if (named.length > 0 && report.counterexamples.length === 0) {
    const flags = named.map(([kind]) => kinds[kind as keyof typeof kinds].flag).join(", ");
    process.stderr.write(`snaplab: every property holds, so there is no counterexample for ${flags}: nothing written\n`);
  }
}

function writeEach<C extends { readonly property: string }, Kind extends keyof typeof kinds>(
  counterexamples: readonly C[],
  files: Partial<Record<Kind, string | undefined>>,
  writers: Record<Kind, (counterexample: C) => string>,
): string[] {
  const written: string[] = [];
  for (const [kind, file] of Object.entries(files) as [Kind, string | undefined][]) {
    if (file === undefined) continue;
    for (const counterexample of counterexamples) {
      const name = counterexamples.length === 1 ? file : withProperty(file, counterexample.property);
      writeReportFile(name, writers[kind](counterexample), kinds[kind].what);
      written.push(name);
    }
  }
  return written;
}

export function withProperty(file: string, property: string): string {
  const dot = file.lastIndexOf(".");
  const hasExtension = dot > file.lastIndexOf("/") + 1;
  return hasExtension ? `${file.slice(0, dot)}.${property}${file.slice(dot)}` : `${file}.${property}`;
}
