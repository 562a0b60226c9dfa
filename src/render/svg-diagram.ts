/**
 * A counterexample as a standalone SVG space-time diagram: lanes with time
 * going down, an arrow per message from its send to its delivery (markers
 * dashed; one lost in a failure ends in ✕), a diamond where each lane
 * recorded, the cut as a line through those diamonds with the part before it
 * shaded, the message that breaks the cut in red, what happens to every lane
 * at once as a band across them, a legend, and the violated property as the
 * title. Each part is a group (`<g id="lanes">`, "cut", "messages", ...).
 */
import { footnotes, stillInFlight, type SpaceTime, type SpaceTimeMessage } from "../view/space-time-view.js";

const LANE_GAP = 190;
const ROW = 30;
const LEFT = 130;
const TOP = 118;
const COLOURS = { data: "#333333", marker: "#1f6fb2", offence: "#d62728", cut: "#8e44ad", inside: "#eef3fb", global: "#e67e22" };
// Drawn only when a counterexample has a step of every lane at once (so not in the bank's pictures).
const GLOBAL = `stroke="${COLOURS.global}" stroke-width="6" stroke-opacity="0.6"`;
const STYLE = `
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

/** Where things go: lane p at x(p), event row r at y(r); the end row holds what is still in flight. */
interface Geometry {
  readonly x: (process: number) => number;
  readonly y: (row: number) => number;
  readonly rows: number;
  readonly lastLane: number;
  readonly bottom: number;
}

export function svgDiagram(view: SpaceTime): string {
  const rows = view.events.length + (stillInFlight(view).length > 0 ? 1 : 0);
  const x = (p: number) => LEFT + 40 + p * LANE_GAP;
  const y = (row: number) => TOP + 40 + row * ROW;
  const g: Geometry = { x, y, rows, lastLane: x(view.lanes.length - 1), bottom: y(rows - 1) + ROW };
  const notes = footnotes(view);
  const width = Math.round(
    Math.max(g.lastLane + 90 + Math.max(...view.events.map((e) => textWidth(e.text))), 20 + Math.max(...[view.reason, ...notes].map(textWidth)), 820),
  );
  const footer = g.bottom + 30;
  const height = footer + 40 + 18 * notes.length;
  const title = `${view.property} is violated`;
  const subtitle = `${view.setting}; time goes down`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`,
    `<title>${escape(`${title}: ${view.reason}`)}</title>`,
    `<style>${STYLE}</style>`,
    `<defs>${(["data", "marker", "offence"] as const).map(arrowHead).join("")}</defs>`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text class="title" x="20" y="32">${escape(title)}</text>`,
    `<text class="reason" x="20" y="54">${escape(view.reason)}</text>`,
    `<text class="reason" x="20" y="74">${escape(subtitle)}</text>`,
    group("cut", cut(view, g)),
    group("lanes", lanes(view, g)),
    ...(view.events.some((e) => e.kind === "global") ? [group("across", across(view, g))] : []),
    group("notes", eventNotes(view, g)),
    group(
      "messages",
      view.messages.flatMap((m, i) => arrow(view, g, m, i)),
    ),
    group("records", records(view, g)),
    ...(view.events.some((e) => e.kind === "quiet") ? [group("local", localEvents(view, g))] : []),
    group("legend", legend(view, footer)),
    group(
      "footnotes",
      notes.map((text, i) => `<text class="legend${text.startsWith("✗") ? " offence-text" : ""}" x="20" y="${footer + 40 + 18 * i}">${escape(text)}</text>`),
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
  const { events } = view;
  const notes = events.flatMap((event, row) => [
    ...(row === 0 || events[row - 1]!.step !== event.step ? [`<text class="step" x="24" y="${g.y(row) + 4}">${event.step + 1}</text>`] : []),
    `<text class="note" x="${g.lastLane + 90}" y="${g.y(row) + 4}">${escape(event.text)}</text>`,
  ]);
  if (g.rows > events.length) notes.push(`<text class="note" x="${g.lastLane + 90}" y="${g.y(g.rows - 1) + 4}">(end: still in flight)</text>`);
  return notes;
}

/**
 * A message from its send to its delivery, or to its receiver's lane at the
 * end if it is still in flight, or halfway there, ending in ✕, where it was lost.
 */
function arrow(view: SpaceTime, g: Geometry, m: SpaceTimeMessage, index: number): string[] {
  const offence = view.offences.find((o) => o.message === index);
  const kind = offence ? "offence" : m.kind;
  const [x1, y1] = [g.x(m.from), g.y(m.sent)];
  const [x2, y2] = m.dropped === undefined ? [g.x(m.to), g.y(m.delivered ?? g.rows - 1)] : [(x1 + g.x(m.to)) / 2, g.y(m.dropped)];
  const flying = m.delivered === undefined && m.dropped === undefined ? " in-flight" : "";
  const end = m.dropped === undefined ? ` marker-end="url(#head-${kind})"` : "";
  const shapes = [
    `<line class="${kind}${flying}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${end}/>`,
    `<circle cx="${x1}" cy="${y1}" r="3.5" fill="${COLOURS[kind]}"/>`,
  ];
  if (m.dropped !== undefined) shapes.push(lostMark(x2, y2, COLOURS[kind]));
  if (m.kind === "marker") return shapes; // the legend says what a dashed blue arrow is
  // The label sits in the first gap the arrow crosses (clear of the lanes),
  // along a shallow arrow just above it, beside a steep one.
  const at = (offence ? 0.45 : 0.3) / Math.abs(m.to - m.from);
  const [lx, ly] = [x1 + (x2 - x1) * at, y1 + (y2 - y1) * at];
  let angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  const text = escape(offence ? `✗ ${m.label}: ${offence.name}` : m.label);
  const label = `class="label${offence ? " offence-text" : ""}" fill="${COLOURS[kind]}"`;
  shapes.push(
    Math.abs(angle) < 35
      ? `<text ${label} x="${lx}" y="${ly - 7}" text-anchor="middle" transform="rotate(${angle.toFixed(1)} ${lx} ${ly})">${text}</text>`
      : `<text ${label} x="${lx + 10}" y="${ly + 4}">${text}</text>`,
  );
  return shapes;
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

/** The legend in one row; an item's place leaves room for its words, and at least the room the bank's short words had. */
function legend(view: SpaceTime, top: number): string[] {
  const { data, marker, records, before } = view.words;
  const items: [(x: number) => string, string, number][] = [
    [(x) => `<line class="data" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}" marker-end="url(#head-data)"/>`, data, 90],
    [(x) => `<line class="marker" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}" marker-end="url(#head-marker)"/>`, marker, 100],
    [(x) => `<line class="offence" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}" marker-end="url(#head-offence)"/>`, "breaks the cut", 140],
    [(x) => `<polygon class="record" points="${x + 16},${top - 7} ${x + 23},${top} ${x + 16},${top + 7} ${x + 9},${top}"/>`, records, 100],
    [(x) => `<line class="cut" x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}"/>`, "the cut", 100],
    [(x) => `<rect x="${x}" y="${top - 8}" width="32" height="16" fill="${COLOURS.inside}"/>`, `inside the cut (${before})`, 0],
  ];
  if (view.events.some((e) => e.kind === "global")) {
    items.push([(x) => `<line ${GLOBAL} x1="${x}" y1="${top}" x2="${x + 32}" y2="${top}"/>`, "every lane at once", 0]);
  }
  if (view.messages.some((m) => m.dropped !== undefined)) items.push([(x) => lostMark(x + 16, top, COLOURS.data), "lost in flight", 0]);
  let x = 20;
  return items.flatMap(([shape, text, least]) => {
    const drawn = [shape(x), `<text class="legend" x="${x + 40}" y="${top + 4}">${escape(text)}</text>`];
    x += Math.max(least, 40 + textWidth(text));
    return drawn;
  });
}

function arrowHead(kind: "data" | "marker" | "offence"): string {
  const size = kind === "offence" ? 5 : 8;
  return `<marker id="head-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="${size}" markerHeight="${size}" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[kind]}"/></marker>`;
}

/** A generous guess at the width of a line of 12px text. */
function textWidth(text: string): number {
  return text.length * 7;
}

function group(name: string, parts: string[]): string {
  return `<g id="${name}">\n${parts.join("\n")}\n</g>`;
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
