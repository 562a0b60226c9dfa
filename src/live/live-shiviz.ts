/**
 * A live run as a ShiViz log (https://bestchai.bitbucket.io/shiviz/): one
 * event per send, delivery, marker arrival and initiation, with the vector
 * clock the process really kept, and what the snapshot rules did in answer
 * written into the event's line. The regex is the ShiViz writer's (render/).
 */
import { SHIVIZ_REGEX } from "../render/shiviz-log.js";
import type { RunCheck } from "./check-run.js";
import type { LiveEvent } from "./event-log.js";
import { linearize, type LiveStep } from "./linearize.js";

export function liveShivizLog(check: RunCheck): string {
  const { scenario } = check;
  const hosts = scenario.processes.map((p) => p.replace(/\s/g, "_"));
  const lines = [SHIVIZ_REGEX, ""];
  for (const step of linearize(check.run.logs)) {
    const clock = Object.fromEntries(hosts.flatMap((host, p) => (step.event.vc[p]! > 0 ? [[host, step.event.vc[p]!]] : [])));
    lines.push(describe(check, step), `${hosts[step.process]} ${JSON.stringify(clock)}`);
  }
  return `${lines.join("\n")}\n`;
}

function describe(check: RunCheck, { event, effects }: LiveStep): string {
  const channel = (c: number) => check.scenario.channels[c]!.id;
  const what =
    event.e === "send"
      ? `send ${event.id} (${event.a}) on ${channel(event.c)}`
      : event.e === "deliver"
        ? `deliver ${event.id} (${event.a}) from ${channel(event.c)}`
        : event.e === "marker-in"
          ? `marker of snapshot ${event.s} arrives on ${channel(event.c)}`
          : `initiate snapshot ${event.s}`;
  const answers = effects.map((effect) => effectText(effect, channel)).filter(Boolean);
  return answers.length > 0 ? `${what}; ${answers.join("; ")}` : what;
}

function effectText(effect: LiveEvent, channel: (c: number) => string): string {
  switch (effect.e) {
    case "record":
      return `records snapshot ${effect.s}: balance ${effect.b} after ${effect.pc} sends`;
    case "marker-out":
      return `marker ${effect.s} to ${channel(effect.c)}`;
    case "open":
      return `snapshot ${effect.s} records ${channel(effect.c)}`;
    case "keep":
      return `snapshot ${effect.s} keeps ${effect.id} on ${channel(effect.c)}`;
    case "close":
      return `snapshot ${effect.s} closes ${channel(effect.c)}`;
    case "buffer":
      return "kept in the buffer";
    case "done":
      return effect.skipped > 0 ? `done sending (${effect.skipped} transfers skipped)` : "done sending";
    default:
      return "";
  }
}
