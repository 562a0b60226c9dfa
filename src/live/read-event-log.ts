/**
 * One node's event log read back (event-log.ts writes it), every line checked
 * against the cluster the node ran, so that a log edited by hand or damaged on
 * its way from its machine is one line naming the file, the line and the
 * column, never a crash further in. A last line cut short is what a node
 * killed while writing leaves: it is left out, and the log says so.
 */
import { readFileSync, statSync } from "node:fs";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Cluster } from "./cluster.js";
import { EVENT_LOG_FORMAT, EVENT_LOG_VERSION, type EndLine, type HelloLine, type LiveEvent, type LogHeader } from "./event-log.js";

/** A node's log as read: its header, its events, and how it ended. */
export interface NodeLog {
  readonly file: string;
  readonly header: LogHeader;
  readonly events: readonly LiveEvent[];
  /** Per incoming channel, the run its sender said it was of. */
  readonly peers: ReadonlyMap<number, string>;
  /** The log's end line; undefined if the node was killed, or its machine stopped, before it ended. */
  readonly end: EndLine | undefined;
  /** The last line was cut short, the node killed while writing it, and is left out. */
  readonly cutShort: boolean;
}

/** What a field of a line must be; the cluster says how many processes, channels and snapshots there are. */
type FieldKind = "time" | "clock" | "channel" | "snapshot" | "count" | "integer" | "text";

const TICK = { t: "time", vc: "clock" } as const;
const TRANSFER = { ...TICK, c: "channel", id: "text", a: "count" } as const;

/** The fields of each kind of line after the header (the events of LiveEvent, then hello and end). */
const LINES: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = {
  send: TRANSFER,
  deliver: TRANSFER,
  "marker-in": { ...TICK, c: "channel", s: "snapshot" },
  initiate: { ...TICK, s: "snapshot" },
  record: { s: "snapshot", pc: "count", b: "integer", n: "count" },
  "marker-out": { s: "snapshot", c: "channel" },
  open: { s: "snapshot", c: "channel" },
  keep: { s: "snapshot", c: "channel", id: "text", a: "count" },
  close: { s: "snapshot", t: "time", c: "channel" },
  buffer: {},
  done: { t: "time", skipped: "count" },
  hello: { c: "channel", run: "text" },
  end: { t: "time", how: "text" },
};

/** LINES as lists, looked up once per line: a long run's log has hundreds of thousands. */
const FIELDS = new Map(Object.entries(LINES).map(([e, fields]) => [e, Object.entries(fields)]));

const HOW: readonly string[] = ["finished", "stopped", "failed"] satisfies EndLine["how"][];

export function readEventLog(file: string, cluster: Cluster): NodeLog {
  const lines = logText(file).split("\n");
  // Each batch is written whole lines at a time: text after the last newline is a line a kill cut short.
  const last = lines.pop()!;
  const cutShort = last.trim() !== "" && !parses(last);
  if (!cutShort && last.trim() !== "") lines.push(last);
  if (lines.length === 0 || lines[0]!.trim() === "") {
    const why = cutShort ? "its header is cut short (the node was killed as it began its log)" : "empty";
    throw new SnaplabError("BAD_LOG", `${file}: ${why}, not an event log of snaplab node, whose first line says which process and run it is`);
  }
  const events: LiveEvent[] = [];
  const peers = new Map<number, string>();
  let header: LogHeader | undefined;
  let end: EndLine | undefined;
  let endAt = 0;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === "") continue;
    try {
      if (header === undefined) {
        header = readHeader(text);
        continue;
      }
      if (end) throw new LineFault(`a line after the node's end line (line ${endAt}): two logs in one file?`);
      const line = readLine(text, cluster);
      if (line.e === "hello") peers.set(line.c, line.run);
      else if (line.e === "end") [end, endAt] = [line, i + 1];
      else events.push(line);
    } catch (error) {
      if (!(error instanceof LineFault)) throw error;
      throw new SnaplabError("BAD_LOG", `${file}:${i + 1}${error.column === undefined ? "" : `:${error.column}`}: ${error.why}`);
    }
  }
  return { file, header: header!, events, peers, end, cutShort };
}

/** What is wrong with a line, and the column it is at (undefined: the line as a whole). */
class LineFault {
  constructor(
    readonly why: string,
    readonly column?: number,
  ) {}
}

/** The column where a line's field `key` is, else 1. */
const columnOf = (text: string, key: string): number => text.indexOf(`"${key}"`) + 1 || 1;

/** The file's text, refused in one line if it is not a file one can read (a folder, a FIFO that would wait for a writer). */
function logText(file: string): string {
  const cannot = (why: string) => new SnaplabError("BAD_LOG", `${file}: cannot read the log (${why})`);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    throw cannot((error as Error).message);
  }
  if (stats === undefined) throw cannot("no such file");
  if (!stats.isFile()) throw cannot(stats.isDirectory() ? "it is a folder" : "it is not a regular file");
  // Not read-text-file.ts, whose limit suits scenarios: a long run's log holds hundreds of thousands of lines.
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw cannot((error as Error).message);
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The line as an object, or a LineFault placing JSON's complaint in it. */
function lineObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8: "Expected ',' or '}' after property value in JSON at position 17", or "Unexpected token 'x', "…" is not valid JSON".
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    const column = at ? Number(at[1]) + 1 : /end of JSON input/.test(message) ? text.length + 1 : 1;
    const why = message.replace(/ in JSON at position \d+.*$/, "").replace(/, ".*" is not valid JSON$/s, "");
    throw new LineFault(`not JSON (${why})`, column);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new LineFault("not a JSON object", 1);
  return value as Record<string, unknown>;
}

function readHeader(text: string): LogHeader {
  const line = lineObject(text);
  if (line.format !== EVENT_LOG_FORMAT)
    throw new LineFault(`not an event log of snaplab node: its first line must be the header, {"format":"${EVENT_LOG_FORMAT}", ...}`);
  if (line.version !== EVENT_LOG_VERSION) {
    throw new LineFault(`version ${JSON.stringify(line.version)} of the event log: this snaplab reads version ${EVENT_LOG_VERSION}`);
  }
  for (const key of ["process", "cluster", "run"]) {
    if (typeof line[key] !== "string" || line[key] === "") throw new LineFault(`header: ${key} must be a non-empty string`, columnOf(text, key));
  }
  return line as unknown as LogHeader;
}

/** A line after the header, every field of its kind. */
function readLine(text: string, cluster: Cluster): LiveEvent | HelloLine | EndLine {
  const line = lineObject(text);
  const fields = typeof line.e === "string" ? FIELDS.get(line.e) : undefined;
  if (fields === undefined) {
    if (line.format === EVENT_LOG_FORMAT) throw new LineFault("a second header: two logs in one file?", 1);
    const what = "e" in line ? `unknown event e: ${JSON.stringify(line.e)}` : "no e";
    throw new LineFault(`${what} (the lines of a log are ${Object.keys(LINES).join(", ")})`, columnOf(text, "e"));
  }
  for (const [key, kind] of fields) {
    if (!fits(line[key], kind, cluster)) throw new LineFault(`${line.e}: ${key} ${fieldProblem(line[key], kind, cluster)}`, columnOf(text, key));
  }
  if (line.e === "end") {
    if (!HOW.includes(line.how as string))
      throw new LineFault(`end: how must be one of ${HOW.join(", ")}, got ${JSON.stringify(line.how)}`, columnOf(text, "how"));
    if (line.why !== undefined && typeof line.why !== "string")
      throw new LineFault(`end: why must be a string, got ${JSON.stringify(line.why)}`, columnOf(text, "why"));
    if (line.timeoutMs !== undefined && !(line.how === "stopped" && Number.isInteger(line.timeoutMs) && (line.timeoutMs as number) > 0)) {
      const problem =
        line.how === "stopped" ? `must be a time in milliseconds, got ${JSON.stringify(line.timeoutMs)}` : `is only for a node stopped, not ${line.how}`;
      throw new LineFault(`end: timeoutMs ${problem}`, columnOf(text, "timeoutMs"));
    }
  }
  return line as unknown as LiveEvent | HelloLine | EndLine;
}

/** Whether a field's value is of its kind. */
function fits(value: unknown, kind: FieldKind, cluster: Cluster): boolean {
  const below = (limit: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < limit;
  switch (kind) {
    case "time":
      return Number.isFinite(value);
    case "clock":
      return Array.isArray(value) && value.length === cluster.scenario.processes.length && value.every((t) => Number.isInteger(t) && t >= 0);
    case "channel":
      return below(cluster.scenario.channels.length);
    case "snapshot":
      return below(cluster.snapshots);
    case "count":
      return Number.isInteger(value) && (value as number) >= 0;
    case "integer":
      return Number.isInteger(value);
    case "text":
      return typeof value === "string";
  }
}

/** What a field that does not fit its kind must be, in words. */
function fieldProblem(value: unknown, kind: FieldKind, cluster: Cluster): string {
  if (value === undefined) return "is missing";
  const got = `, got ${JSON.stringify(value)}`;
  switch (kind) {
    case "time":
      return `must be a time in milliseconds${got}`;
    case "clock":
      return `must be a vector clock, ${cluster.scenario.processes.length} counts, one per process${got}`;
    case "channel":
      return `must be a channel's index (0 to ${cluster.scenario.channels.length - 1})${got}`;
    case "snapshot":
      return `must be a snapshot's id (0 to ${cluster.snapshots - 1})${got}`;
    case "count":
      return `must be an integer of at least 0${got}`;
    case "integer":
      return `must be an integer${got}`;
    case "text":
      return `must be a string${got}`;
  }
}
