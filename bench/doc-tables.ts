/**
 * The bench's tables go into docs/performance.md, each between a pair of marker comments
 * (`<!-- bench:NAME:begin -->`, `<!-- bench:NAME:end -->`), so that the figures a reader sees are
 * the last run's and the prose around them is written once, by hand.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

/** Where the bench writes its tables. */
export const PERFORMANCE_GUIDE = "docs/performance.md";

const begin = (name: string) => `<!-- bench:${name}:begin -->`;
const end = (name: string) => `<!-- bench:${name}:end -->`;

/** The section names a document holds markers for, in the order they appear. */
export function markedSections(document: string): string[] {
  return [...document.matchAll(/<!-- bench:([\w-]+):begin -->/g)].map((m) => m[1]!);
}

/**
 * `document` with what lies between each named section's markers replaced by its new content; the
 * markers and everything outside them are kept as they are. Throws when a section's markers are
 * missing, repeated or out of order: the prose would be overwritten otherwise.
 */
export function replaceSections(document: string, sections: Readonly<Record<string, string>>, documentName = "the document"): string {
  let text = document;
  for (const [name, content] of Object.entries(sections)) {
    const [open, close] = [begin(name), end(name)];
    const starts = text.split(open).length - 1;
    const ends = text.split(close).length - 1;
    if (starts !== 1 || ends !== 1) throw new Error(`${documentName}: needs ${open} and ${close} once each (found ${starts} and ${ends})`);
    const from = text.indexOf(open) + open.length;
    const to = text.indexOf(close);
    if (to < from) throw new Error(`${documentName}: ${close} comes before ${open}`);
    text = `${text.slice(0, from)}\n${content.trim()}\n${text.slice(to)}`;
  }
  return text;
}

/** Writes the sections into the file, whole: a run stopped half-way leaves the file as it was. */
export function writeSections(file: string, sections: Readonly<Record<string, string>>): void {
  const text = replaceSections(readFileSync(file, "utf8"), sections, file);
  const temporary = `${file}.bench-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** One line saying where and when the tables were measured, and how: a table's figures mean little without it. */
export function machineLine(how: string, date: Date, load: { start: number; end: number }): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() || "an unknown CPU";
  return `Measured on ${date.toISOString().slice(0, 10)}: ${model}, ${cores.length} cores, Node ${process.version}, load average ${load.start.toFixed(1)} at the start and ${load.end.toFixed(1)} at the end; ${how}.`;
}

/**
 * The tables of one bench run, by the name of their markers, each printed as it is made, and headed
 * in the guide by the machine, the date and the load while it ran (other work on a machine slows
 * every figure down). A run of some tables alone (`only`) heads each of them with that line instead:
 * the guide's own is the last whole run's.
 */
export class BenchTables {
  readonly sections: Record<string, string> = {};
  private readonly started = new Date();
  private readonly loadAtStart = loadavg()[0]!;

  /** `machineSection`: the name of the markers that hold the machine line; `how`: how the figures were taken; `only`: the tables to make, if not all. */
  constructor(
    private readonly machineSection: string,
    private readonly how: string,
    private readonly only?: readonly string[],
  ) {}

  /** Whether any of these tables is to be made. */
  wanted(...names: string[]): boolean {
    return !this.only || names.some((name) => this.only!.includes(name));
  }

  /** Makes the table `name` with `make`, if it is wanted, and prints it. */
  async add(name: string, title: string, make: () => string | Promise<string>): Promise<void> {
    if (!this.wanted(name)) return;
    const markdown = await make();
    this.sections[name] = markdown;
    console.log(`\n## ${title}\n\n${markdown}`);
  }

  /** Writes the tables into the performance guide; `partial` (a quick run, whose tables would mislead there) only says so. */
  async finish(partial: string | undefined): Promise<void> {
    const machine = machineLine(this.how, this.started, { start: this.loadAtStart, end: loadavg()[0]! });
    if (this.only) {
      console.log(`\n${machine}`);
      for (const name of Object.keys(this.sections)) this.sections[name] = `${machine}\n\n${this.sections[name]}`;
    } else {
      await this.add(this.machineSection, "The machine", () => machine);
    }
    if (partial) {
      console.log(`\n${partial}, so ${PERFORMANCE_GUIDE} was left as it is.`);
      return;
    }
    writeSections(PERFORMANCE_GUIDE, this.sections);
    console.log(`\nThe tables are in ${PERFORMANCE_GUIDE}.`);
  }
}
