/**
 * The log each process keeps of a live run, one JSON object per line, so that
 * the run can be checked from its logs alone, also when its processes ran on
 * several machines (read-event-log.ts reads a log back, cluster-logs.ts puts
 * one run's logs together).
 *
 * The first line is the log's header: which process wrote it, the digest of
 * the cluster file it ran (cluster.ts), and the run, an id the node drew at
 * its start and tells each neighbour it connects to. Then the events. An
 * event (a send, a delivery, a marker's arrival, an initiation) carries the
 * time and the process's vector clock after it; what the snapshot rules did in
 * answer (recordings, markers sent) follows as effect lines without a clock of
 * their own: they happened in the event before them. Two more kinds of line
 * are about the log, not the run: `hello`, the run a neighbour said it was of
 * when it connected on an incoming channel (logs of different runs name each
 * other wrongly), and `end`, the last line, written when the node ends on its
 * own: finished, stopped by snaplab live (and whether at the run's --timeout),
 * or failed, with why. A node killed (or whose machine stopped) leaves no end
 * line.
 *
 * The log is written with writeSync in batches, so that what a process did
 * before it was killed is on disk.
 */
import { closeSync, openSync, writeSync } from "node:fs";

/** Milliseconds since the epoch with microseconds: the processes share the machine's clock. */
export const now = (): number => performance.timeOrigin + performance.now();

export const EVENT_LOG_FORMAT = "snaplab-event-log";
export const EVENT_LOG_VERSION = 1;

export interface LogHeader {
  readonly format: typeof EVENT_LOG_FORMAT;
  readonly version: typeof EVENT_LOG_VERSION;
  readonly process: string;
  /** The digest of the cluster file the node ran (Cluster.digest). */
  readonly cluster: string;
  /** Drawn by the node at its start: one node's run, which its neighbours' logs name too. */
  readonly run: string;
}

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

/** The sender on incoming channel `c` said it was of run `run`. */
export interface HelloLine {
  readonly e: "hello";
  readonly c: number;
  readonly run: string;
}

/** How a node ended on its own: `why` says why it failed; `timeoutMs`, the run's --timeout, that it was stopped on reaching it. */
export interface EndLine {
  readonly e: "end";
  readonly t: number;
  readonly how: "finished" | "stopped" | "failed";
  readonly why?: string;
  readonly timeoutMs?: number;
}

/** Appends a node's lines to a file, in batches, after the header. */
export class EventLogWriter {
  private readonly fd: number;
  private lines: string[] = [];
  private ended = false;

  constructor(
    file: string,
    readonly header: LogHeader,
  ) {
    this.fd = openSync(file, "w");
    writeSync(this.fd, `${JSON.stringify(header)}\n`);
  }

  add(line: LiveEvent | HelloLine): void {
    this.lines.push(JSON.stringify(line));
  }

  flush(): void {
    if (this.lines.length === 0 || this.ended) return;
    writeSync(this.fd, `${this.lines.join("\n")}\n`);
    this.lines = [];
  }

  /** Writes what is left and the end line, and closes the file; only the first ending counts. */
  close(how: EndLine["how"], more: Pick<EndLine, "why" | "timeoutMs"> = {}): void {
    if (this.ended) return;
    const end: EndLine = { e: "end", t: now(), how, ...more };
    this.lines.push(JSON.stringify(end));
    this.flush();
    this.ended = true;
    closeSync(this.fd);
  }
}

/** Whether an event has a clock of its own (the others are its effects). */
export function isTick(event: LiveEvent): event is Extract<LiveEvent, { vc: readonly number[] }> {
  return "vc" in event;
}
