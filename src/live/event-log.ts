/**
 * The log each process keeps of a live run, one JSON object per line. An
 * event (a send, a delivery, a marker's arrival, an initiation) carries the
 * time and the process's vector clock after it; what the snapshot rules did
 * in answer (recordings, markers sent) follows as effect lines without a clock
 * of their own: they happened in the event before them.
 *
 * The log is written with writeSync in batches, so that what a process did
 * before it was killed is on disk.
 */
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";

/** Milliseconds since the epoch with microseconds: the processes share the machine's clock. */
export const now = (): number => performance.timeOrigin + performance.now();

export type LiveEvent =
  | { readonly e: "send"; readonly t: number; readonly vc: readonly number[]; readonly c: number; readonly id: string; readonly a: number }
  | { readonly e: "deliver"; readonly t: number; readonly vc: readonly number[]; readonly c: number; readonly id: string; readonly a: number }
  | { readonly e: "marker-in"; readonly t: number; readonly vc: readonly number[]; readonly c: number; readonly s: number }
  | { readonly e: "initiate"; readonly t: number; readonly vc: readonly number[]; readonly s: number }
  /** Effects, in the event before them. */
  | { readonly e: "record"; readonly s: number; readonly pc: number; readonly b: number /** deliveries before it */; readonly n: number }
  | { readonly e: "marker-out"; readonly s: number; readonly c: number }
  | { readonly e: "open"; readonly s: number; readonly c: number }
  | { readonly e: "keep"; readonly s: number; readonly c: number; readonly id: string; readonly a: number }
  | { readonly e: "close"; readonly s: number; readonly t: number; readonly c: number }
  /** The delivered message before it was kept out of the balance (buffer-message). */
  | { readonly e: "buffer" }
  /** The process has tried all its transfers; it skipped `skipped` of them, holding nothing (or its channels were gone). */
  | { readonly e: "done"; readonly t: number; readonly skipped: number };

/** Appends events to a file, in batches. */
export class EventLogWriter {
  private readonly fd: number;
  private lines: string[] = [];

  constructor(file: string) {
    this.fd = openSync(file, "w");
  }

  add(event: LiveEvent): void {
    this.lines.push(JSON.stringify(event));
  }

  flush(): void {
    if (this.lines.length === 0) return;
    writeSync(this.fd, `${this.lines.join("\n")}\n`);
    this.lines = [];
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** A process's log as written; a last line cut short by a kill is left out. */
export function readEventLog(file: string): LiveEvent[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const events: LiveEvent[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    try {
      events.push(JSON.parse(line) as LiveEvent);
    } catch {
      break;
    }
  }
  return events;
}

/** Whether an event has a clock of its own (the others are its effects). */
export function isTick(event: LiveEvent): event is Extract<LiveEvent, { vc: readonly number[] }> {
  return "vc" in event;
}
