/**
 * A counterexample as a ShiViz log (https://bestchai.bitbucket.io/shiviz/):
 * the parser regex on the first line, an empty second line (no delimiter
 * between executions), then one event per step, a description line followed
 * by `host {vector clock}`. Each step is one event of the lane that acted (of
 * every lane, for a step of all at once); a delivery merges the clock its
 * message was sent with, so ShiViz draws the message from its send to its
 * receipt.
 */
import type { SpaceTime } from "../view/space-time-view.js";

/** ShiViz's default parser: an event line, then the host and its clock. */
export const SHIVIZ_REGEX = String.raw`(?<event>.*)\n(?<host>\S*) (?<clock>{.*})`;

export function shivizLog(view: SpaceTime): string {
  const hosts = view.lanes.map((p) => p.replace(/\s/g, "_"));
  const clocks = hosts.map(() => hosts.map(() => 0));
  const sentWith = new Map<number, number[]>();
  const lines = [SHIVIZ_REGEX, ""];
  view.steps.forEach(({ actor, text }, step) => {
    // A step of every lane at once (a failure) is an event of each host.
    for (const host of actor === undefined ? hosts.keys() : [actor]) {
      const clock = clocks[host]!;
      clock[host]! += 1;
      const events = view.events.filter((e) => e.step === step && "process" in e && e.process === host);
      for (const event of events) {
        if (event.kind !== "deliver") continue;
        // A duplicating channel's copy has no send of its own: it goes with its original's clock.
        const send = view.events[view.messages[event.message]!.sent]! as { readonly message: number };
        sentWith.get(send.message)!.forEach((tick, p) => (clock[p] = Math.max(clock[p]!, tick)));
      }
      for (const event of events) if (event.kind === "send") sentWith.set(event.message, clock.slice());
      const offences = view.offences.filter((o) => events.some((e) => "message" in e && e.message === o.message));
      const marks = offences.map((o) => `   ✗ ${o.name}: ${o.why}`).join("");
      lines.push(`${step + 1}. ${text}${marks}`, `${hosts[host]} ${JSON.stringify(vectorClock(hosts, clock))}`);
    }
  });
  return lines.join("\n") + "\n";
}

/** The clock as ShiViz writes it: the hosts that have ticked, by name. */
function vectorClock(hosts: readonly string[], clock: readonly number[]): Record<string, number> {
  return Object.fromEntries(hosts.flatMap((host, p) => (clock[p]! > 0 ? [[host, clock[p]!]] : [])));
}
