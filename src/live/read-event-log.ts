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
import { EVENT_LOG_FORMAT, EVENT_LOG_VERSION, type EndLine, type LiveEvent, type LogHeader } from "./event-log.js";

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
  const header = readHeader(file, lines[0]!);
  const events: LiveEvent[] = [];
  const peers = new Map<number, string>();
  let end: EndLine | undefined;
  let endAt = 0;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === "") continue;
    // file:line:column, the column that of the field named (where it is in the line), else the line's start.
    const place = (key?: string) => `${file}:${i + 1}:${key === undefined ? 1 : text.indexOf(`"${key}"`) + 1}`;
    const fail = (where: string, why: string): never => {
      throw new SnaplabError("BAD_LOG", `${where}: ${why}`);
    };
    if (end) fail(place(), `a line after the node's end line (line ${endAt}): two logs in one file?`);
    const line = lineObject(text, (column) => `${file}:${i + 1}:${column}`);
    if (line.format === EVENT_LOG_FORMAT) fail(place(), "a second header: two logs in one file?");
    const fields = typeof line.e === "string" ? LINES[line.e] : undefined;
    if (fields === undefined) {
      const what = "e" in line ? `unknown event e: ${JSON.stringify(line.e)}` : "no e";
      fail(place("e" in line ? "e" : undefined), `${what} (the lines of a log are ${Object.keys(LINES).join(", ")})`);
    }
    for (const [key, kind] of Object.entries(fields!)) {
      const problem = fieldProblem(line[key], kind, cluster);
      if (problem !== undefined) fail(place(key in line ? key : undefined), `${line.e}: ${key} ${problem}`);
    }
    if (line.e === "hello") peers.set(line.c as number, line.run as string);
    else if (line.e === "end") {
      if (!HOW.includes(line.how as string)) fail(place("how"), `end: how must be one of ${HOW.join(", ")}, got ${JSON.stringify(line.how)}`);
      if (line.why !== undefined && typeof line.why !== "string") fail(place("why"), `end: why must be a string, got ${JSON.stringify(line.why)}`);
      end = line as unknown as EndLine;
      endAt = i + 1;
    } else events.push(line as unknown as LiveEvent);
  }
  return { file, header, events, peers, end, cutShort };
}

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

/** The line as an object, or a one-line error placing JSON's complaint in it (`place` names the file, line and column). */
function lineObject(text: string, place: (column: number) => string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8: "Expected ',' or '}' after property value in JSON at position 17", or "Unexpected token 'x', "…" is not valid JSON".
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    const column = at ? Number(at[1]) + 1 : /end of JSON input/.test(message) ? text.length + 1 : 1;
    const why = message.replace(/ in JSON at position \d+.*$/, "").replace(/, ".*" is not valid JSON$/s, "");
    throw new SnaplabError("BAD_LOG", `${place(column)}: not JSON (${why})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new SnaplabError("BAD_LOG", `${place(1)}: not a JSON object`);
  return value as Record<string, unknown>;
}

function readHeader(file: string, text: string): LogHeader {
  const line = lineObject(text, (column) => `${file}:1:${column}`);
  const fail = (why: string): never => {
    throw new SnaplabError("BAD_LOG", `${file}:1: ${why}`);
  };
  if (line.format !== EVENT_LOG_FORMAT) fail(`not an event log of snaplab node: its first line must be the header, {"format":"${EVENT_LOG_FORMAT}", ...}`);
  if (line.version !== EVENT_LOG_VERSION) fail(`version ${JSON.stringify(line.version)} of the event log: this snaplab reads version ${EVENT_LOG_VERSION}`);
  for (const key of ["process", "cluster", "run"]) if (typeof line[key] !== "string" || line[key] === "") fail(`header: ${key} must be a non-empty string`);
  return line as unknown as LogHeader;
}

/** What is wrong with a field's value, in words; undefined if nothing is. */
function fieldProblem(value: unknown, kind: FieldKind, cluster: Cluster): string | undefined {
  if (value === undefined) return "is missing";
  const got = `, got ${JSON.stringify(value)}`;
  const below = (limit: number, what: string) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) < limit ? undefined : `must be ${what} (0 to ${limit - 1})${got}`;
  switch (kind) {
    case "time":
      return Number.isFinite(value) ? undefined : `must be a time in milliseconds${got}`;
    case "clock": {
      const size = cluster.scenario.processes.length;
      const fits = Array.isArray(value) && value.length === size && value.every((t) => Number.isInteger(t) && t >= 0);
      return fits ? undefined : `must be a vector clock, ${size} counts, one per process${got}`;
    }
    case "channel":
      return below(cluster.scenario.channels.length, "a channel's index");
    case "snapshot":
      return below(cluster.snapshots, "a snapshot's id");
    case "count":
      return Number.isInteger(value) && (value as number) >= 0 ? undefined : `must be an integer of at least 0${got}`;
    case "integer":
      return Number.isInteger(value) ? undefined : `must be an integer${got}`;
    case "text":
      return typeof value === "string" ? undefined : `must be a string${got}`;
  }
}
