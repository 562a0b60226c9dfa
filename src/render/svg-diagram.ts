/**
 * A counterexample as a standalone SVG space-time diagram: process lanes with
 * time going down, an arrow per message from its send to its delivery
 * (markers dashed), a diamond where each process recorded, the cut as a line
 * through those diamonds with the part before it shaded, the message that
 * breaks the cut in red, a legend, and the violated property as the title.
 */
import { OFFENCE_NAMES } from "./offences.js";
import { describeEvent, footnotes, type SpaceTime } from "./space-time.js";

const LANE_GAP = 190;
const ROW = 30;
const LEFT = 130;
const TOP = 118;
const FONT = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\"";
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
  .offence-text { fill: ${COLOURS.offence}; font-weight: bold; }`;

export function svgDiagram(view: SpaceTime): string {
  const { scenario, events, messages } = view;
  const offending = new Map(view.offences.map((o) => [o.message, o]));
  const inFlight = messages.some((m) => m.delivered === undefined);
  const rows = events.length + (inFlight ? 1 : 0);
  const x = (p: number) => LEFT + 40 + p * LANE_GAP;
  const y = (row: number) => TOP + 40 + row * ROW;
  const lastLane = x(scenario.processes.length - 1);
  const notesAt = lastLane + 90;
  const bottom = y(rows - 1) + ROW;
  const explanations = footnotes(view);
  const textWidth = (text: string) => text.length * 7;
  const width = Math.round(
    Math.max(notesAt + Math.max(...events.map((e) => textWidth(describeEvent(view, e)))), 20 + Math.max(...[view.reason, ...explanations].map(textWidth)), 820),
  );
  const footer = bottom + 30;
  const height = footer + 40 + 18 * explanations.length;

  const out: string[] = [];
  // The cut: a line through every recording point; a process that never recorded is cut at the bottom.
  const cutY = view.cut.map((row) => (row === undefined ? bottom : y(row)));
  const cutPoints = [[LEFT, cutY[0]!], ...cutY.map((cy, p) => [x(p), cy]), [lastLane + 40, cutY[cutY.length - 1]!]];
  const points = (ps: number[][]) => ps.map(([px, py]) => `${px},${py}`).join(" ");
  out.push(`<polygon points="${points([[LEFT, TOP + 20], [lastLane + 40, TOP + 20], ...cutPoints.slice().reverse()])}" fill="${COLOURS.inside}"/>`);
  out.push(`<polyline class="cut" points="${points(cutPoints)}"/>`);
  out.push(`<text class="label" x="${lastLane + 44}" y="${cutY[cutY.length - 1]! + 4}" fill="${COLOURS.cut}">cut</text>`);

  scenario.processes.forEach((p, i) => {
    out.push(`<line class="lane" x1="${x(i)}" y1="${TOP + 20}" x2="${x(i)}" y2="${bottom}"/>`);
    out.push(`<text class="process" x="${x(i)}" y="${TOP + 12}" text-anchor="middle">${escape(p)}</text>`);
  });
  events.forEach((event, row) => {
    if (row === 0 || events[row - 1]!.step !== event.step) {
      out.push(`<text class="step" x="24" y="${y(row) + 4}">${event.step + 1}</text>`);
    }
    out.push(`<text class="note" x="${notesAt}" y="${y(row) + 4}">${escape(describeEvent(view, event))}</text>`);
  });
  if (inFlight) out.push(`<text class="note" x="${notesAt}" y="${y(rows - 1) + 4}">(end: still in flight)</text>`);

  messages.forEach((m, i) => {
    const offence = offending.get(i);
    const kind = offence ? "offence" : m.kind;
    const [x1, y1, x2] = [x(m.from), y(m.sent), x(m.to)];
    const y2 = y(m.delivered ?? rows - 1);
    const flying = m.delivered === undefined ? " in-flight" : "";
    out.push(`<line class="${kind}${flying}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-end="url(#head-${kind})"/>`);
    out.push(`<circle cx="${x1}" cy="${y1}" r="3.5" fill="${COLOURS[kind]}"/>`);
    if (m.kind === "marker") return; // the legend says what a dashed blue arrow is
    // The label sits in the first gap the arrow crosses (clear of the lanes),
    // along a shallow arrow just above it, beside a steep one.
    const at = (offence ? 0.45 : 0.3) / Math.abs(m.to - m.from);
    const [lx, ly] = [x1 + (x2 - x1) * at, y1 + (y2 - y1) * at];
    let angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
    if (angle > 90) angle -= 180;
    const text = escape(offence ? `✗ ${m.label}: ${OFFENCE_NAMES[offence.kind]}` : m.label);
    const classes = `label${offence ? " offence-text" : ""}`;
    out.push(
      Math.abs(angle) < 35
        ? `<text class="${classes}" x="${lx}" y="${ly - 7}" text-anchor="middle" fill="${COLOURS[kind]}" transform="rotate(${angle.toFixed(1)} ${lx} ${ly})">${text}</text>`
        : `<text class="${classes}" x="${lx + 10}" y="${ly + 4}" fill="${COLOURS[kind]}">${text}</text>`,
    );
  });
  events.forEach((event, row) => {
    if (event.kind !== "record") return;
    const [cx, cy] = [x(event.process), y(row)];
    out.push(`<polygon class="record" points="${cx},${cy - 8} ${cx + 8},${cy} ${cx},${cy + 8} ${cx - 8},${cy}"/>`);
    out.push(`<text class="label" x="${cx - 12}" y="${cy + 4}" text-anchor="end" fill="${COLOURS.cut}">records ${event.snapshot.balance}</text>`);
  });

  const title = `${view.property} is violated`;
  const subtitle = `${scenario.name}: ${scenario.fifo ? "FIFO" : "non-FIFO"} channels; time goes down`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>`,
    `<title>${escape(`${title}: ${view.reason}`)}</title>`,
    `<style>${STYLE}\n</style>`,
    `<defs>${(["data", "marker", "offence"] as const).map(arrowHead).join("")}</defs>`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text class="title" x="20" y="32">${escape(title)}</text>`,
    `<text class="reason" x="20" y="54">${escape(view.reason)}</text>`,
    `<text class="reason" x="20" y="74">${escape(subtitle)}</text>`,
    ...out,
    ...legend(footer),
    ...explanations.map((text, i) => {
      const classes = text.startsWith("✗") ? "legend offence-text" : "legend";
      return `<text class="${classes}" x="20" y="${footer + 40 + 18 * i}">${escape(text)}</text>`;
    }),
    `</svg>`,
    "",
  ].join("\n");
}

function arrowHead(kind: "data" | "marker" | "offence"): string {
  const size = kind === "offence" ? 5 : 8;
  return `<marker id="head-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="${size}" markerHeight="${size}" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[kind]}"/></marker>`;
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

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
