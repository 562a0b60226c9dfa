/**
 * A counterexample as a standalone SVG space-time diagram: lanes with time
 * going down, an arrow per message from its send to its delivery (markers
 * dashed; one lost in a failure ends in ✕; one still in flight at the end
 * dashed, stopping short of its receiver with an open head), a diamond where each lane
 * recorded, the cut as a line through those diamonds with the part before it
 * shaded, the message that breaks the cut in red, what happens to every lane
 * at once as a band across them, a legend, and the violated property as the
 * title. Each part is a group (`<g id="lanes">`, "cut", "messages", ...).
 * Given a width (the browser page's, on a phone), the words that would make
 * it wider wrap: the steps listed under the lanes, the legend in rows.
 */
import { drawnMarks, footnotes, stillInFlight, type SpaceTime, type SpaceTimeMessage } from "../view/space-time-view.js";
import { type Box, LabelRoom, LINE_GAP, type LabelPlace, labelPlaces, type Segment, textBox } from "./label-places.js";

export interface SvgDiagramOptions {
  /** The title instead of "<property> is violated": the page's, for a run made by hand that breaks nothing yet. */
  readonly title?: string;
  /** Where the picture with its steps beside the lanes would be wider than this, the steps go under the lanes and long lines wrap. */
  readonly maxWidth?: number;
}

const LANE_GAP = 190;
const ROW = 30;
const LEFT = 130;
/** A generous guess at the width of a character of the 18px title. */
const TITLE_CHAR = 11;
/** The note on the first row of the messages still in flight at the end. */
const END_NOTE = "(end: still in flight)";
/** How far short of its receiver's lane a message still in flight stops, so that it is not read as delivered. */
const SHORT_OF_LANE = 24;
/** The height of a line of a legend's words wrapped under their mark. */
const LEGEND_LINE = 16;
const COLOURS = { data: "#333333", marker: "#1f6fb2", offence: "#d62728", cut: "#8e44ad", inside: "#eef3fb", global: "#e67e22" };
// Drawn only when a counterexample has a step of every lane at once (so not in the bank's pictures).
const GLOBAL = `stroke="${COLOURS.global}" stroke-width="6" stroke-opacity="0.6"`;
/** The diagram's one style sheet, in a `<style>` element: the page's Content-Security-Policy allows exactly this text. */
export const SVG_STYLE = `
  .title { font-size: 18px; font-weight: bold; }
  .reason, .note, .step, .legend { font-size: 12px; fill: #444; }
  .process { font-size: 14px; font-weight: bold; }
  .label { font-size: 12px; paint-order: stroke; stroke: white; stroke-width: 4px; }
  .lane { stroke: #999; stroke-width: 2; }
  .data { stroke: ${COLOURS.data}; stroke-width: 1.6; fill: none; }
  .marker { stroke: ${COLOURS.marker}; stroke-width: 1.6; stroke-dasharray: 6 4; fill: none; }
  .offence { stroke: ${COLOURS.offence}; stroke-width: 3.5; fill: none; }
  .in-flight { stroke-dasharray: 4 4; }
  .cut { stroke: ${COLOURS.cut}; stroke-width: 2.5; stroke-dasharray: 10 5; fill: none; }
  .record { fill: ${COLOURS.cut}; }
  .offence-text { fill: ${COLOURS.offence}; font-weight: bold; }
`;

/** Where things go: lane p at x(p), event row r at y(r); the end rows hold what is still in flight. */
interface Geometry {
  readonly x: (process: number) => number;
  readonly y: (row: number) => number;
  readonly rows: number;
  readonly lastLane: number;
  readonly bottom: number;
  /** The row where each message still in flight ends: one row each per receiver, so that no two arrowheads meet. */
  readonly inFlightEnd: ReadonlyMap<number, number>;
}

export function svgDiagram(view: SpaceTime, options: SvgDiagramOptions = {}): string {
  const inFlightEnd = new Map<number, number>();
  const perLane = new Map<number, number>();
  for (const i of stillInFlight(view)) {
    const to = view.messages[i]!.to;
    const k = perLane.get(to) ?? 0;
    perLane.set(to, k + 1);
    inFlightEnd.set(i, view.events.length + k);
  }
  const rows = view.events.length + Math.max(0, ...perLane.values());
  const title = options.title ?? `${view.property} is violated`;
  const subtitle = `${view.setting}; time goes down`;
  const notes = footnotes(view);
  const x = (p: number) => LEFT + 40 + p * LANE_GAP;
  const lastLane = x(view.lanes.length - 1);
  const beside = Math.round(
    Math.max(
      lastLane + 90 + Math.max(...view.events.map((e) => textWidth(e.text))),
      20 + Math.max(...[view.reason, ...notes].map((text) => textWidth(text))),
      820,
    ),
  );
  // Too wide for the room given: the steps go under the lanes, and every line of words wraps to the room
  // (lanes too many for it still make the picture wider, to be scrolled; the words stay in the room).
  const narrow = options.maxWidth !== undefined && beside > options.maxWidth;
  const width = narrow ? Math.round(Math.max(options.maxWidth!, lastLane + 80)) : beside;
  const wordsWidth = narrow ? Math.round(options.maxWidth!) : width;
  const room = wordsWidth - 40;
  const header = [
    { cls: "title", lines: narrow ? wrap(title, room, TITLE_CHAR) : [title], first: 32, gap: 24 },
    { cls: "reason", lines: narrow ? wrap(view.reason, room) : [view.reason], first: 22, gap: 18 },
    { cls: "reason", lines: narrow ? wrap(subtitle, room) : [subtitle], first: 20, gap: 18 },
  ];
  let line = 0;
  const headerTexts = header.flatMap(({ cls, lines, first, gap }) =>
    lines.map((text, i) => `<text class="${cls}" x="20" y="${(line += i === 0 ? first : gap)}">${escape(text)}</text>`),
  );
  const top = line + 44;
  const y = (row: number) => top + 40 + row * ROW;
  const g: Geometry = { x, y, rows, lastLane, bottom: y(rows - 1) + ROW, inFlightEnd };
  const steps = narrow ? stepList(view, g, wordsWidth) : undefined;
  const footer = (steps?.bottom ?? g.bottom) + 30;
  const legendDrawn = legend(view, footer, wordsWidth);
  const footnoteLines = notes.flatMap((text) => (narrow ? wrap(text, room) : [text]).map((part) => ({ part, offence: text.startsWith("✗") })));
  const footnotesTop = legendDrawn.bottom + 40;
  const height = footnotesTop + 18 * footnoteLines.length;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`,
    `<title>${escape(view.reason ? `${title}: ${view.reason}` : title)}</title>`,
    `<style>${SVG_STYLE}</style>`,
    `<defs>${(["data", "marker", "offence"] as const).map((kind) => arrowHead(kind)).join("")}${
      inFlightEnd.size > 0 ? (["data", "marker", "offence"] as const).map((kind) => arrowHead(kind, "open")).join("") : ""
    }</defs>`,
    `<rect width="100%" height="100%" fill="white"/>`,
    ...headerTexts,
    group("cut", cut(view, g)),
    group("lanes", lanes(view, g)),
    ...(view.events.some((e) => e.kind === "global") ? [group("across", across(view, g))] : []),
    group("notes", steps ? [...stepNumbers(view, g), ...steps.texts] : eventNotes(view, g)),
    group("messages", messages(view, g, { narrow, width })),
    group("records", records(view, g)),
    ...(view.events.some((e) => e.kind === "quiet") ? [group("local", localEvents(view, g))] : []),
    group("legend", legendDrawn.parts),
    group(
      "footnotes",
      footnoteLines.map(
        ({ part, offence }, i) => `<text class="legend${offence ? " offence-text" : ""}" x="20" y="${footnotesTop + 18 * i}">${escape(part)}</text>`,
      ),
    ),
    `</svg>`,
    "",
  ].join("\n");
}

/** The cut: a line through every recording point (a process that never recorded is cut at the bottom), the past above it shaded. */
function cut(view: SpaceTime, g: Geometry): string[] {
  const cutY = view.cut.map((row) => (row === undefined ? g.bottom : g.y(row)));
  const through = [[LEFT, cutY[0]!], ...cutY.map((cy, p) => [g.x(p), cy]), [g.lastLane + 40, cutY[cutY.length - 1]!]];
  const points = (ps: number[][]) => ps.map(([px, py]) => `${px},${py}`).join(" ");
  const top = g.y(0) - 20;
  return [
    `<polygon points="${points([[LEFT, top], [g.lastLane + 40, top], ...through.slice().reverse()])}" fill="${COLOURS.inside}"/>`,
    `<polyline class="cut" points="${points(through)}"/>`,
    `<text class="label" x="${g.lastLane + 44}" y="${cutY[cutY.length - 1]! + 4}" fill="${COLOURS.cut}">cut</text>`,
  ];
}

function lanes(view: SpaceTime, g: Geometry): string[] {
  return view.lanes.flatMap((p, i) => [
    `<line class="lane" x1="${g.x(i)}" y1="${g.y(0) - 20}" x2="${g.x(i)}" y2="${g.bottom}"/>`,
    `<text class="process" x="${g.x(i)}" y="${g.y(0) - 28}" text-anchor="middle">${escape(p)}</text>`,
  ]);
}

/** Step numbers on the left, each event in words on the right. */
function eventNotes(view: SpaceTime, g: Geometry): string[] {
  const notes = view.events.flatMap((event, row) => [
    ...(isFirstOfStep(view, row) ? [stepNumber(event.step, g.y(row))] : []),
    `<text class="note" x="${g.lastLane + 90}" y="${g.y(row) + 4}">${escape(event.text)}</text>`,
  ]);
  if (g.rows > view.events.length) notes.push(`<text class="note" x="${g.lastLane + 90}" y="${g.y(view.events.length) + 4}">${escape(END_NOTE)}</text>`);
  return notes;
}

/** Each step's number, on the left of its first row. */
function stepNumbers(view: SpaceTime, g: Geometry): string[] {
  return view.events.flatMap((event, row) => (isFirstOfStep(view, row) ? [stepNumber(event.step, g.y(row))] : []));
}

function isFirstOfStep({ events }: SpaceTime, row: number): boolean {
  return row === 0 || events[row - 1]!.step !== events[row]!.step;
}

function stepNumber(step: number, y: number): string {
  return `<text class="step" x="24" y="${y + 4}">${step + 1}</text>`;
}

/** The steps in words under the lanes, numbered as the rows are, each wrapped to the picture's width. */
function stepList(view: SpaceTime, g: Geometry, width: number): { texts: string[]; bottom: number } {
  let at = g.bottom + 12;
  const texts: string[] = [];
  const item = (number: number | undefined, text: string) => {
    if (number !== undefined) texts.push(stepNumber(number, at + 14));
    for (const part of wrap(text, width - 64)) texts.push(`<text class="note" x="44" y="${(at += 18)}">${escape(part)}</text>`);
  };
  view.events.forEach((event, row) => item(isFirstOfStep(view, row) ? event.step : undefined, event.text));
  if (g.rows > view.events.length) item(undefined, END_NOTE);
  return { texts, bottom: at };
}

/** Where a message's line runs: from its send to its delivery, short of its receiver's lane at its end row if it is still in flight, or halfway there where it was lost. */
function arrowLine(g: Geometry, m: SpaceTimeMessage, index: number): Segment {
  const [x1, y1] = [g.x(m.from), g.y(m.sent)];
  if (m.dropped !== undefined) return [x1, y1, (x1 + g.x(m.to)) / 2, g.y(m.dropped)];
  if (m.delivered !== undefined) return [x1, y1, g.x(m.to), g.y(m.delivered)];
  return [x1, y1, g.x(m.to) - Math.sign(g.x(m.to) - x1) * SHORT_OF_LANE, g.y(g.inFlightEnd.get(index)!)];
}

/**
 * Every message: its line (dashed, with an open head short of the lane, while
 * still in flight), a dot where it was sent, ✕ where it was lost, and its
 * label where it covers least of what is drawn (label-places.ts).
 */
function messages(view: SpaceTime, g: Geometry, { narrow, width }: { narrow: boolean; width: number }): string[] {
  const lines = view.messages.map((m, i) => arrowLine(g, m, i));
  const room = labelRoom(view, g, lines, { narrow, width });
  return view.messages.flatMap((m, index) => {
    const offence = view.offences.find((o) => o.message === index);
    const kind = offence ? "offence" : m.kind;
    const line = lines[index]!;
    const [x1, y1, x2, y2] = line;
    const flying = m.delivered === undefined && m.dropped === undefined;
    const end = m.dropped === undefined ? ` marker-end="url(#head-${kind}${flying ? "-open" : ""})"` : "";
    const shapes = [
      `<line class="${kind}${flying ? " in-flight" : ""}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${end}/>`,
      `<circle cx="${x1}" cy="${y1}" r="3.5" fill="${COLOURS[kind]}"/>`,
    ];
    if (m.dropped !== undefined) shapes.push(lostMark(x2, y2, COLOURS[kind]));
    if (m.kind === "marker") return shapes; // the legend says what a dashed blue arrow is
    const text = offence ? `✗ ${m.label}: ${offence.name}` : m.label;
    // First choice: in the first gap the arrow crosses (clear of the lanes), an offence's further along.
    const places = labelPlaces(line, text, Math.abs(m.to - m.from), offence ? 0.45 : 0.3, (words) => textWidth(words, Boolean(offence)));
    shapes.push(labelSvg(room.place(places, line), `class="label${offence ? " offence-text" : ""}" fill="${COLOURS[kind]}"`));
    return shapes;
  });
}

/** Everything drawn before the labels, where a label would hide it: the lanes, the cut, the arrows and their dots, the words beside the lanes. */
function labelRoom(view: SpaceTime, g: Geometry, lines: Segment[], { narrow, width }: { narrow: boolean; width: number }): LabelRoom {
  const cutY = view.cut.map((row) => (row === undefined ? g.bottom : g.y(row)));
  const cutPoints = [[LEFT, cutY[0]!], ...cutY.map((cy, p) => [g.x(p), cy]), [g.lastLane + 40, cutY[cutY.length - 1]!]];
  const segments: Segment[] = [
    ...view.lanes.map((_, p): Segment => [g.x(p), g.y(0) - 20, g.x(p), g.bottom]),
    ...cutPoints.slice(1).map(([px, py], i): Segment => [cutPoints[i]![0]!, cutPoints[i]![1]!, px!, py!]),
    ...view.events.flatMap((event, row): Segment[] => (event.kind === "global" ? [[LEFT, g.y(row), g.lastLane + 40, g.y(row)]] : [])),
    ...lines,
  ];
  const words = (x: number, y: number, text: string, anchor: "start" | "end" = "start"): Box =>
    textBox(anchor === "end" ? x - textWidth(text) : x, y, textWidth(text), 1);
  const boxes: Box[] = [
    ...view.events.flatMap((event, row) => [
      ...(isFirstOfStep(view, row) ? [words(24, g.y(row) + 4, String(event.step + 1))] : []),
      ...(narrow ? [] : [words(g.lastLane + 90, g.y(row) + 4, event.text)]),
      ...(event.kind === "record" || (event.kind === "quiet" && event.label !== undefined)
        ? [words(g.x(event.process) - 12, g.y(row) + 4, event.label!, "end"), { x: g.x(event.process) - 8, y: g.y(row) - 8, w: 16, h: 16 }]
        : []),
    ]),
    ...(narrow || g.rows === view.events.length ? [] : [words(g.lastLane + 90, g.y(view.events.length) + 4, END_NOTE)]),
    words(g.lastLane + 44, cutY[cutY.length - 1]! + 4, "cut"),
    ...lines.map(([x1, y1]) => ({ x: x1 - 4, y: y1 - 4, w: 8, h: 8 })),
    ...view.messages.flatMap((m, i) => (m.dropped === undefined ? [] : [{ x: lines[i]![2] - 7, y: lines[i]![3] - 8, w: 14, h: 16 }])),
  ];
  return new LabelRoom(segments, boxes, { x: 36, y: g.y(0) - 20, w: width - 40, h: g.bottom - g.y(0) + 20 });
}

function labelSvg({ lines, x, y, anchor, angle, cx, cy }: LabelPlace, attributes: string): string {
  const body =
    lines.length === 1 ? escape(lines[0]!) : lines.map((part, i) => `<tspan x="${x}"${i === 0 ? "" : ` dy="${LINE_GAP}"`}>${escape(part)}</tspan>`).join("");
  const anchored = anchor === "start" ? "" : ` text-anchor="${anchor}"`;
  const turned = angle === 0 ? "" : ` transform="rotate(${angle.toFixed(1)} ${cx} ${cy})"`;
  return `<text ${attributes} x="${x}" y="${y}"${anchored}${turned}>${body}</text>`;
}

function records(view: SpaceTime, g: Geometry): string[] {
  return view.events.flatMap((event, row) => {
    if (event.kind !== "record") return [];
    const [cx, cy] = [g.x(event.process), g.y(row)];
    return [
      `<polygon class="record" points="${cx},${cy - 8} ${cx + 8},${cy} ${cx},${cy + 8} ${cx - 8},${cy}"/>`,
      `<text class="label" x="${cx - 12}" y="${cy + 4}" text-anchor="end" fill="${COLOURS.cut}">${escape(event.label)}</text>`,
    ];
  });
}

/** What a lane does on its own (a local commit, a gate closing): a dot, with its label if it has one. */
function localEvents(view: SpaceTime, g: Geometry): string[] {
  return view.events.flatMap((event, row) => {
    if (event.kind !== "quiet") return [];
    const [cx, cy] = [g.x(event.process), g.y(row)];
    const dot = `<circle cx="${cx}" cy="${cy}" r="4" fill="white" stroke="${COLOURS.data}" stroke-width="1.6"/>`;
    if (event.label === undefined) return [dot];
    return [dot, `<text class="label" x="${cx - 10}" y="${cy + 4}" text-anchor="end" fill="${COLOURS.data}">${escape(event.label)}</text>`];
  });
}

/** ✕ where a message was lost. */
function lostMark(x: number, y: number, colour: string): string {
  return `<text x="${x}" y="${y + 6}" text-anchor="middle" font-size="18" font-weight="bold" fill="${colour}">✕</text>`;
}

/** What happens to every lane at once: a band across them. */
function across(view: SpaceTime, g: Geometry): string[] {
  return view.events.flatMap((event, row) =>
    event.kind === "global" ? [`<line ${GLOBAL} x1="${LEFT}" y1="${g.y(row)}" x2="${g.lastLane + 40}" y2="${g.y(row)}"/>`] : [],
  );
}

/**
 * The legend in one row, or in as many as `width` needs; an item's place leaves room for its words, and
 * at least the room the bank's short words had, and words too long for a row of their own wrap under
 * their mark. `bottom`: the last line's height. It names only what the picture drew (the cut and its
 * shading are always drawn), as the text diagram's legend does.
 */
function legend(view: SpaceTime, top: number, width: number): { parts: string[]; bottom: number } {
  const { data, marker, records, before } = view.words;
  const drawn = drawnMarks(view);
  const items: [boolean, (x: number) => string, string, number][] = [
    [drawn.data, (x) => `<line class="data" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}" marker-end="url(#head-data)"/>`, data, 90],
    [drawn.marker, (x) => `<line class="marker" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}" marker-end="url(#head-marker)"/>`, marker, 100],
    [
      drawn.breaksTheCut,
      (x) => `<line class="offence" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}" marker-end="url(#head-offence)"/>`,
      "breaks the cut",
      140,
    ],
    [drawn.records, (x) => `<polygon class="record" points="${x + 16},${top - 7} ${x + 23},${top} ${x + 16},${top + 7} ${x + 9},${top}"/>`, records, 100],
    [true, (x) => `<line class="cut" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}"/>`, "the cut", 100],
    [true, (x) => `<rect x="${x}" y="${top - 8}" width="32" height="16" fill="${COLOURS.inside}"/>`, `inside the cut (${before})`, 0],
    [drawn.global, (x) => `<line ${GLOBAL} x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}"/>`, "every lane at once", 0],
    [drawn.lost, (x) => lostMark(x + 16, top, COLOURS.data), "lost in flight", 0],
    [
      stillInFlight(view).length > 0,
      (x) =>
        `<line class="data in-flight" x1="${x}" y1="${top}" x2="${x + 18}" y2="${top}" marker-end="url(#head-data-open)"/><line class="lane" x1="${x + 30}" y1="${top - 8}" x2="${x + 30}" y2="${top + 8}"/>`,
      "still in flight at the end",
      0,
    ],
  ];
  // `below`: how far the lines of a wrapped item reach under its row.
  let [x, y, below] = [20, top, 0];
  const fits = (at: number, text: string) => at + 40 + textWidth(text) <= width - 20;
  const parts = items
    .filter(([shown]) => shown)
    .flatMap(([, shape, text, least]) => {
      if (x > 20 && !fits(x, text)) [x, y, below] = [20, y + 26 + below, 0];
      const lines = fits(x, text) ? [text] : wrap(text, width - 60 - x);
      below = Math.max(below, LEGEND_LINE * (lines.length - 1));
      // An item drawn for the first row, moved down to its own.
      const moved = y === top ? shape(x) : `<g transform="translate(0 ${y - top})">${shape(x)}</g>`;
      const body =
        lines.length === 1
          ? escape(text)
          : lines.map((part, i) => `<tspan x="${x + 40}"${i === 0 ? "" : ` dy="${LEGEND_LINE}"`}>${escape(part)}</tspan>`).join("");
      const drawn = [moved, `<text class="legend" x="${x + 40}" y="${y + 4}">${body}</text>`];
      x += Math.max(least, 40 + Math.max(...lines.map((part) => textWidth(part))));
      return drawn;
    });
  return { parts, bottom: y + below };
}

/** A message's arrowhead; `open` (white inside) for one still in flight, which has not reached its receiver. */
function arrowHead(kind: "data" | "marker" | "offence", shape: "filled" | "open" = "filled"): string {
  const size = kind === "offence" ? 5 : 8;
  const path =
    shape === "open" ? `d="M1,1 L9,5 L1,9 z" fill="white" stroke="${COLOURS[kind]}" stroke-width="1.5"` : `d="M0,0 L10,5 L0,10 z" fill="${COLOURS[kind]}"`;
  return `<marker id="head-${kind}${shape === "open" ? "-open" : ""}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="${size}" markerHeight="${size}" orient="auto"><path ${path}/></marker>`;
}

/** A generous guess at the width of a line of 12px text (`bold`: a label's, which is wider). */
function textWidth(text: string, bold = false): number {
  return text.length * (bold ? 7.5 : 7);
}

/** `text` in lines of at most `width` (by textWidth's guess, `char` wide a character), broken between words. */
function wrap(text: string, width: number, char = 7): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last.length + 1 + word.length) * char <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 0 ? lines : [""];
}

function group(name: string, parts: string[]): string {
  return `<g id="${name}">\n${parts.join("\n")}\n</g>`;
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
