/**
 * A counterexample as a space-time diagram in text: one column per lane
 * (process), time going down, one row per event. A message leaves its sender
 * on its send row, runs down a track while in flight and enters its receiver
 * on its delivery row (or ends in ✕ where a failure loses it). Markers are
 * dashed, the message that breaks the cut is heavy (and red in colour), ◆ is
 * where a lane recorded: its lane is double (║) before that moment, inside
 * the cut, and single (│) after it. What happens to every lane at once (a
 * failure) is a row of ╳ across them.
 */
import { drawnMarks, endOf, footnotes, stillInFlight, type SpaceTime } from "../view/space-time-view.js";
import { trackLayout, type TrackLayout } from "./text-tracks.js";

export interface TextDiagramOptions {
  /** Colour with ANSI escapes (only for a terminal that wants it). */
  readonly color?: boolean;
}

type Style = "plain" | "data" | "marker" | "offence" | "record" | "global";

const LINES = {
  data: { h: "─", v: "│", down: ["┐", "┌"], turn: ["└", "┘"], head: ["▶", "◀"], end: "▼" },
  marker: { h: "╌", v: "╎", down: ["┐", "┌"], turn: ["└", "┘"], head: ["▷", "◁"], end: "▽" },
  offence: { h: "━", v: "┃", down: ["┓", "┏"], turn: ["┗", "┛"], head: ["▶", "◀"], end: "▼" },
} as const;
const LANE_INSIDE = "║";
const LANE_OUTSIDE = "│";
const ACROSS = { lane: "╳", between: "┈" };
const ANSI: Record<Style, string> = { plain: "", data: "", marker: "\x1b[36m", offence: "\x1b[1;31m", record: "\x1b[1;35m", global: "\x1b[1;33m" };

type Cell = { ch: string; style: Style };

export function textDiagram(view: SpaceTime, options: TextDiagramOptions = {}): string[] {
  const { events, messages } = view;
  const offending = new Map(view.offences.map((o) => [o.message, o]));
  const inFlight = stillInFlight(view);
  const layout = trackLayout(view, 0);
  const canvas = drawPicture(view, layout, events.length + (inFlight.length > 0 ? 1 : 0));
  const paint = (text: string, style: Style) => (options.color && ANSI[style] ? `${ANSI[style]}${text}\x1b[0m` : text);

  const width = Math.max(String(view.steps.length).length, inFlight.length > 0 ? 3 : 0);
  const label = (row: number) => {
    const event = events[row];
    if (event === undefined) return "end";
    return row === 0 || events[row - 1]!.step !== event.step ? String(event.step + 1) : "";
  };
  const header = view.lanes.reduce((line, p, i) => line.padEnd(layout.lanes[i]! - Math.floor(p.length / 2)) + p, "");
  const lines = [`${" ".repeat(width + 2)}${header}`];
  canvas.forEach((cells, row) => {
    const used = cells
      .map((c) => c.ch)
      .join("")
      .trimEnd().length;
    const picture =
      runs(cells.slice(0, used))
        .map((run) => paint(run.ch, run.style))
        .join("") + " ".repeat(layout.width - used);
    const event = events[row];
    const offence = event && "message" in event ? offending.get(event.message) : undefined;
    const note = event ? event.text + (offence ? `   ✗ ${offence.name}` : "") : `still in flight: ${inFlight.map((m) => messages[m]!.label).join(", ")}`;
    lines.push(`${label(row).padStart(width)}  ${picture}   ${paint(note, offence ? "offence" : "plain")}`.trimEnd());
  });
  const notes = footnotes(view).map((note) => paint(note, note.startsWith("✗") ? "offence" : "plain"));
  const key = legend(view, canvas);
  return [...lines, ...notes, ...(key === "" ? [] : [key])];
}

/**
 * The picture, cell by cell: tracks first, then lanes, then the sideways
 * strokes only where nothing is drawn yet (so a crossing line stays whole),
 * then the corners, arrowheads and events on top.
 */
function drawPicture(view: SpaceTime, layout: TrackLayout, rows: number): Cell[][] {
  const { events, messages } = view;
  const canvas = Array.from({ length: rows }, () => Array.from({ length: layout.width }, (): Cell => ({ ch: " ", style: "plain" })));
  const put = (row: number, col: number, ch: string, style: Style) => (canvas[row]![col] = { ch, style });
  const offending = new Set(view.offences.map((o) => o.message));
  const styleOf = (m: number) => (offending.has(m) ? "offence" : messages[m]!.kind);

  messages.forEach((m, i) => {
    for (let row = m.sent + 1; row < (endOf(m) ?? rows); row++) put(row, layout.tracks[i]!, LINES[styleOf(i)].v, styleOf(i));
    if (m.delivered === undefined) put(m.dropped ?? rows - 1, layout.tracks[i]!, m.dropped === undefined ? LINES[styleOf(i)].end : "✕", styleOf(i));
  });
  layout.lanes.forEach((col, p) => {
    for (let row = 0; row < rows; row++) put(row, col, row < (view.cut[p] ?? rows) ? LANE_INSIDE : LANE_OUTSIDE, "plain");
  });
  events.forEach((event, row) => {
    if (event.kind === "global") stroke(canvas, row, layout.lanes[0]!, layout.lanes[layout.lanes.length - 1]!, ACROSS.between, "global");
  });
  messages.forEach((m, i) => {
    const lines = LINES[styleOf(i)];
    const right = m.to > m.from ? 0 : 1;
    const track = layout.tracks[i]!;
    stroke(canvas, m.sent, layout.lanes[m.from]!, track, lines.h, styleOf(i));
    put(m.sent, track, lines.down[right], styleOf(i));
    if (m.delivered === undefined) return;
    const lane = layout.lanes[m.to]!;
    stroke(canvas, m.delivered, track, lane, lines.h, styleOf(i));
    put(m.delivered, track, lines.turn[right], styleOf(i));
    put(m.delivered, right === 0 ? lane - 1 : lane + 1, lines.head[right], styleOf(i));
  });
  events.forEach((event, row) => {
    if (event.kind === "global") return layout.lanes.forEach((col) => put(row, col, ACROSS.lane, "global"));
    const col = layout.lanes[event.process]!;
    if (event.kind === "record") put(row, col, "◆", "record");
    else if (event.kind === "quiet") put(row, col, "·", "plain");
    else put(row, col, messages[event.message]!.kind === "marker" ? "○" : "●", styleOf(event.message));
  });
  return canvas;
}

/** Neighbouring cells of one style joined, so that colour is switched once per run. */
function runs(cells: Cell[]): Cell[] {
  const joined: Cell[] = [];
  for (const cell of cells) {
    const last = joined[joined.length - 1];
    if (last && last.style === cell.style) last.ch += cell.ch;
    else joined.push({ ...cell });
  }
  return joined;
}

/** A horizontal stroke strictly between two columns, under whatever is already there. */
function stroke(canvas: Cell[][], row: number, a: number, b: number, ch: string, style: Style): void {
  for (let col = Math.min(a, b) + 1; col < Math.max(a, b); col++) {
    if (canvas[row]![col]!.ch === " ") canvas[row]![col] = { ch, style };
  }
}

/**
 * What each mark drawn means: a message's line from the ● or ○ where it is sent to the one where it arrives, ◆, ·, the lanes.
 * Only the marks this picture drew are named, so that a learner never looks for one that is not there.
 */
function legend(view: SpaceTime, canvas: Cell[][]): string {
  const { data, marker, records, before } = view.words;
  const cells = canvas.flat();
  const drawn = drawnMarks(view);
  const entries: [boolean, string][] = [
    [drawn.data, `●─▶● ${data}`],
    [drawn.marker, `○╌▷○ ${marker}`],
    [drawn.records, `◆ ${records}`],
    [drawn.quiet, "· no message, no record"],
    // A lane's cell can be covered by an event's mark, so the lanes are read off the picture itself.
    [cells.some((c) => c.ch === LANE_INSIDE), `${LANE_INSIDE} ${before} (inside the cut)`],
    [cells.some((c) => c.ch === LANE_OUTSIDE && c.style === "plain"), `${LANE_OUTSIDE} after`],
    [drawn.global, `${ACROSS.lane} every lane at once`],
    [drawn.lost, "✕ lost in flight"],
    [drawn.breaksTheCut, "━ breaks the cut"],
  ];
  return entries
    .filter(([shown]) => shown)
    .map(([, entry]) => entry)
    .join("   ");
}
