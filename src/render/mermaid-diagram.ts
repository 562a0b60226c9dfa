/**
 * A counterexample as a Mermaid `sequenceDiagram`, for pasting into Markdown
 * (GitHub renders it). A sequence diagram draws each message at one moment, so
 * a message is drawn when it is delivered (markers dashed); what a lane does
 * on its own (recording, sending) is a note over it, in order, and what
 * happens to every lane at once a note over all. Whatever involves the
 * message that breaks the cut sits on a red background.
 */
import { stillInFlight, type SpaceTime, type SpaceTimeEvent } from "../view/space-time-view.js";

const HIGHLIGHT = "rgb(255, 221, 221)";

export function mermaidDiagram(view: SpaceTime): string {
  const { lanes, messages } = view;
  const ids = lanes.map((p, i) => (/^[A-Za-z_]\w*$/.test(p) ? p : `p${i}`));
  const everyone = ids.length > 1 ? `${ids[0]},${ids[ids.length - 1]}` : ids[0]!;
  const offending = new Map(view.offences.map((o) => [o.message, o]));
  const lines = [
    "sequenceDiagram",
    ...lanes.map((p, i) => (ids[i] === p ? `    participant ${p}` : `    participant ${ids[i]} as ${text(p)}`)),
    `    Note over ${everyone}: ${text(`${view.property} is violated: ${view.reason}`)}`,
  ];
  const emit = (line: string, messageIds: number[]) => {
    const offences = messageIds.flatMap((m) => offending.get(m) ?? []);
    if (offences.length === 0) {
      lines.push(`    ${line}`);
    } else {
      const marks = offences.map((o) => ` ✗ ${o.name}`).join("");
      lines.push(`    rect ${HIGHLIGHT}`, `        ${line}${text(marks)}`, "    end");
    }
  };

  // A lane's own events within one step (a recording, the sends that follow) make one note.
  let group: Exclude<SpaceTimeEvent, { kind: "global" }>[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const { step, process } = group[0]!;
    const subject = `${lanes[process]} `;
    const words = group.map((e) => (e.kind === "record" ? "◆ " : "") + (e.text.startsWith(subject) ? e.text.slice(subject.length) : e.text));
    const involved = group.flatMap((e) => ("message" in e ? [e.message] : []));
    emit(`Note over ${ids[process]}: ${text(`${step + 1}. ${words.join(", then ")}`)}`, involved);
    group = [];
  };
  for (const event of view.events) {
    if (event.kind === "global") {
      flush();
      emit(`Note over ${everyone}: ${text(`${event.step + 1}. ${event.text}`)}`, []);
      continue;
    }
    if (group.length > 0 && (group[0]!.step !== event.step || group[0]!.process !== event.process)) flush();
    if (event.kind !== "deliver") {
      group.push(event);
      continue;
    }
    flush();
    const m = messages[event.message]!;
    const arrow = m.kind === "marker" ? "-->>" : "->>";
    emit(`${ids[m.from]}${arrow}${ids[m.to]}: ${text(`${event.step + 1}. ${m.label}`)}`, [event.message]);
  }
  flush();
  const inFlight = stillInFlight(view);
  if (inFlight.length > 0) {
    emit(`Note over ${everyone}: ${text(`still in flight at the end: ${inFlight.map((m) => messages[m]!.label).join(", ")}`)}`, inFlight);
  }
  return lines.join("\n") + "\n";
}

/** Mermaid reads `#` and `;` in text as an entity code and a line break: write them as codes. */
function text(words: string): string {
  return words.replace(/[#;]/g, (ch) => `#${ch.charCodeAt(0)};`);
}
