/**
 * Writes the files that `snaplab explore` is asked for: per counterexample a
 * picture (SVG, Mermaid, ShiViz) or a saved trace. With one counterexample the
 * file is the name given; with several, each gets its property's name before
 * the extension (trace.json -> trace.conservation.json).
 */
import { writeFileSync } from "node:fs";
import type { CheckReport, Counterexample } from "../check/check-scenario.js";
import { SnaplabError } from "../errors.js";
import { mermaidDiagram } from "../render/mermaid-diagram.js";
import { shivizLog } from "../render/shiviz-log.js";
import { spaceTime } from "../render/space-time.js";
import { svgDiagram } from "../render/svg-diagram.js";
import { formatTrace, savedTrace } from "../trace/saved-trace.js";

export interface CounterexampleFiles {
  readonly svg?: string | undefined;
  readonly mermaid?: string | undefined;
  readonly shiviz?: string | undefined;
  readonly saveTrace?: string | undefined;
}

type Writer = (report: CheckReport, counterexample: Counterexample) => string;

const WRITERS: Record<keyof CounterexampleFiles, Writer> = {
  svg: (report, c) => svgDiagram(spaceTime(report.scenario, c)),
  mermaid: (report, c) => mermaidDiagram(spaceTime(report.scenario, c)),
  shiviz: (report, c) => shivizLog(spaceTime(report.scenario, c)),
  saveTrace: (report, c) => formatTrace(savedTrace(report.scenario, report.algorithm.name, c)),
};

/** Writes every file asked for and returns the names written. */
export function writeCounterexampleFiles(report: CheckReport, files: CounterexampleFiles): string[] {
  const written: string[] = [];
  for (const [kind, file] of Object.entries(files) as [keyof CounterexampleFiles, string | undefined][]) {
    if (file === undefined) continue;
    for (const counterexample of report.counterexamples) {
      const name = report.counterexamples.length === 1 ? file : withProperty(file, counterexample.property);
      writeText(name, WRITERS[kind](report, counterexample));
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

function writeText(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new SnaplabError("CANNOT_WRITE", `${file}: cannot write (${(error as Error).message})`);
  }
}
