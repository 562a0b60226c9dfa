/**
 * Writes the files that `snaplab explore` is asked for: per counterexample a
 * picture (SVG, Mermaid, ShiViz) or, for the bank, a saved trace. With one
 * counterexample the file is the name given; with several, each gets its
 * property's name before the extension (trace.json -> trace.conservation.json).
 */
import { writeFileSync } from "node:fs";
import type { ModelReport } from "../check/check-model.js";
import type { CheckReport, Counterexample } from "../models/bank/check-bank.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { mermaidDiagram } from "../render/mermaid-diagram.js";
import { shivizLog } from "../render/shiviz-log.js";
import { spaceTime } from "../models/bank/space-time.js";
import type { SpaceTime } from "../view/space-time-view.js";
import { svgDiagram } from "../render/svg-diagram.js";
import { formatTrace, savedTrace } from "../trace/saved-trace.js";

export interface PictureFiles {
  readonly svg?: string | undefined;
  readonly mermaid?: string | undefined;
  readonly shiviz?: string | undefined;
}

export interface CounterexampleFiles extends PictureFiles {
  readonly saveTrace?: string | undefined;
}

/** Each picture of a counterexample, drawn from its space-time view. */
function pictures<C>(view: (counterexample: C) => SpaceTime): Record<keyof PictureFiles, (counterexample: C) => string> {
  return { svg: (c) => svgDiagram(view(c)), mermaid: (c) => mermaidDiagram(view(c)), shiviz: (c) => shivizLog(view(c)) };
}

/** Writes every file asked for about a bank scenario's counterexamples and returns the names written. */
export function writeCounterexampleFiles(report: CheckReport, files: CounterexampleFiles): string[] {
  return writeEach(report.counterexamples, files, {
    ...pictures((c: Counterexample) => spaceTime(report.scenario, c)),
    saveTrace: (c) => formatTrace(savedTrace(report.scenario, report.algorithm.name, c)),
  });
}

/** The same for a case study's model, whose counterexamples come with their views. */
export function writeModelPictureFiles(report: ModelReport, files: PictureFiles): string[] {
  return writeEach(report.counterexamples, files, pictures((c) => c.view));
}

function writeEach<C extends { readonly property: string }, Kind extends string>(
  counterexamples: readonly C[],
  files: Partial<Record<Kind, string | undefined>>,
  writers: Record<Kind, (counterexample: C) => string>,
): string[] {
  const written: string[] = [];
  for (const [kind, file] of Object.entries(files) as [Kind, string | undefined][]) {
    if (file === undefined) continue;
    for (const counterexample of counterexamples) {
      const name = counterexamples.length === 1 ? file : withProperty(file, counterexample.property);
      writeText(name, writers[kind](counterexample));
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
