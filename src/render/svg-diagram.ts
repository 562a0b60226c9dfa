/**
 * A counterexample as a standalone SVG space-time diagram: process lanes with
 * time going down, an arrow per message from its send to its delivery
 * (markers dashed), a diamond where each process recorded, the cut as a line
 * through those diamonds with the part before it shaded, the message that
 * breaks the cut in red, a legend, and the violated property as the title.
 * Each part is a group (`<g id="lanes">`, "cut", "messages", ...).
 */
import { OFFENCE_NAMES } from "./offences.js";
import { describeEvent, footnotes, type SpaceTime, type SpaceTimeMessage } from "./space-time.js";

const LANE_GAP = 190;
const ROW = 30;
const LEFT = 130;
const TOP = 118;
const COLOURS = { data: "#333333", marker: "#1f6fb2", offence: "#d62728", cut: "#8e44ad", inside: "#eef3fb" };
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
  const rows = view.events.length + (view.messages.some((m) => m.delivered === undefined) ? 1 : 0);
  const x = (p: number) => LEFT + 40 + p * LANE_GAP;
  const y = (row: number) => TOP + 40 + row * ROW;
  const g: Geometry = { x, y, rows, lastLane: x(view.scenario.processes.length - 1), bottom: y(rows - 1) + ROW };
  const notes = footnotes(view);
  const textWidth = (text: string) => text.length * 7;
  const width = Math.round(
    Math.max(
      g.lastLane + 90 + Math.max(...view.events.map((e) => textWidth(describeEvent(view, e)))),
      20 + Math.max(...[view.reason, ...notes].map(textWidth)),
      820,
    ),
  );
  const footer = g.bottom + 30;
  const height = footer + 40 + 18 * notes.length;
  const title = `${view.property} is violated`;
  const subtitle = `${view.scenario.name}: ${view.scenario.fifo ? "FIFO" : "non-FIFO"} channels; time goes down`;
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
    group("notes", eventNotes(view, g)),
    group("messages", view.messages.flatMap((m, i) => arrow(view, g, m, i))),
    group("records", records(view, g)),
    group("legend", legend(footer)),
    group("footnotes", notes.map((text, i) => `<text class="legend${text.startsWith("✗") ? " offence-text" : ""}" x="20" y="${footer + 40 + 18 * i}">${escape(text)}</text>`)),
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
  return view.scenario.processes.flatMap((p, i) => [
    `<line class="lane" x1="${g.x(i)}" y1="${g.y(0) - 20}" x2="${g.x(i)}" y2="${g.bottom}"/>`,
    `<text class="process" x="${g.x(i)}" y="${g.y(0) - 28}" text-anchor="middle">${escape(p)}</text>`,
  ]);
}

/** Step numbers on the left, each event in words on the right. */
function eventNotes(view: SpaceTime, g: Geometry): string[] {
  const { events } = view;
  const notes = events.flatMap((event, row) => [
    ...(row === 0 || events[row - 1]!.step !== event.step ? [`<text class="step" x="24" y="${g.y(row) + 4}">${event.step + 1}</text>`] : []),
    `<text class="note" x="${g.lastLane + 90}" y="${g.y(row) + 4}">${escape(describeEvent(view, event))}</text>`,
  ]);
  if (g.rows > events.length) notes.push(`<text class="note" x="${g.lastLane + 90}" y="${g.y(g.rows - 1) + 4}">(end: still in flight)</text>`);
  return notes;
}

/** A message from its send to its delivery, or to its receiver's lane at the end if it is still in flight. */
function arrow(view: SpaceTime, g: Geometry, m: SpaceTimeMessage, index: number): string[] {
  const offence = view.offences.find((o) => o.message === index);
  const kind = offence ? "offence" : m.kind;
  const [x1, y1, x2, y2] = [g.x(m.from), g.y(m.sent), g.x(m.to), g.y(m.delivered ?? g.rows - 1)];
  const flying = m.delivered === undefined ? " in-flight" : "";
  const shapes = [
    `<line class="${kind}${flying}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-end="url(#head-${kind})"/>`,
    `<circle cx="${x1}" cy="${y1}" r="3.5" fill="${COLOURS[kind]}"/>`,
  ];
  if (m.kind === "marker") return shapes; // the legend says what a dashed blue arrow is
  // The label sits in the first gap the arrow crosses (clear of the lanes),
  // along a shallow arrow just above it, beside a steep one.
  const at = (offence ? 0.45 : 0.3) / Math.abs(m.to - m.from);
  const [lx, ly] = [x1 + (x2 - x1) * at, y1 + (y2 - y1) * at];
  let angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  const text = escape(offence ? `✗ ${m.label}: ${OFFENCE_NAMES[offence.kind]}` : m.label);
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
      `<text class="label" x="${cx - 12}" y="${cy + 4}" text-anchor="end" fill="${COLOURS.cut}">records ${event.snapshot.balance}</text>`,
    ];
  });
}

function legend(top: number): string[] {
  const item = (x: number, shape: string, text: string) => [shape, `<text class="legend" x="${x + 40}" y="${top + 4}">${text}</text>`];
  return [
    ...item(20, `<line class="data" x1="20" y1="${top}" x2="52" y2="${top}" marker-end="url(#head-data)"/>`, "data"),
    ...item(110, `<line class="marker" x1="110" y1="${top}" x2="142" y2="${top}" marker-end="url(#head-marker)"/>`, "marker"),
    ...item(210, `<line class="offence" x1="210" y1="${top}" x2="242" y2="${top}" marker-end="url(#head-offence)"/>`, "breaks the cut"),
    ...item(350, `<polygon class="record" points="366,${top - 7} 373,${top} 366,${top + 7} 359,${top}"/>`, "records"),
    ...item(450, `<line class="cut" x1="450" y1="${top}" x2="482" y2="${top}"/>`, "the cut"),
    ...item(550, `<rect x="550" y="${top - 8}" width="32" height="16" fill="${COLOURS.inside}"/>`, "inside the cut (before recording)"),
  ];
}

function arrowHead(kind: "data" | "marker" | "offence"): string {
  const size = kind === "offence" ? 5 : 8;
  return `<marker id="head-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="${size}" markerHeight="${size}" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[kind]}"/></marker>`;
}

function group(name: string, parts: string[]): string {
  return `<g id="${name}">\n${parts.join("\n")}\n</g>`;
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
