/**
 * A COS418 event file (`.events`): `send <src> <dst> <tokens>`,
 * `snapshot <id>` (the snapshots are numbered 0, 1, ... in file order) and
 * `tick [N]`. Ticks are read and dropped: snaplab explores every
 * interleaving, a superset of the schedules the course's simulator runs.
 */
import { Cos418Error } from "./cos418-error.js";
import { dataLines, wholeNumber } from "./data-lines.js";
import type { Topology } from "./topology.js";

export type Cos418Event =
  | { readonly kind: "send"; readonly from: string; readonly to: string; readonly tokens: number; readonly line: number }
  | { readonly kind: "snapshot"; readonly server: string; readonly line: number };

export interface Events {
  /** Sends and snapshots, in file order. */
  readonly events: readonly Cos418Event[];
  /** How many ticks the file had (dropped). */
  readonly ticks: number;
}

export function parseEvents(text: string, file: string, topology: Topology): Events {
  const fail = (line: number, problem: string): never => {
    throw new Cos418Error(file, line, problem);
  };
  const servers = topology.servers.map((s) => s.id);
  const known = (id: string, line: number) => servers.includes(id) || fail(line, `unknown server ${id} (the servers are ${servers.join(", ")})`);
  const events: Cos418Event[] = [];
  let ticks = 0;
  for (const { line, words } of dataLines(text, fail)) {
    const [verb, ...rest] = words as [string, ...string[]];
    if (verb === "tick") {
      if (rest.length > 1) fail(line, `expected "tick [N]", got "${words.join(" ")}"`);
      ticks += rest.length === 0 ? 1 : (wholeNumber(rest[0]!, 1) ?? fail(line, `a tick count must be a positive whole number, got "${rest[0]}"`));
    } else if (verb === "snapshot") {
      if (rest.length !== 1) fail(line, `expected "snapshot <server>", got "${words.join(" ")}"`);
      known(rest[0]!, line);
      events.push({ kind: "snapshot", server: rest[0]!, line });
    } else if (verb === "send") {
      if (rest.length !== 3) fail(line, `expected "send <src> <dst> <tokens>", got "${words.join(" ")}"`);
      const [from, to, amount] = rest as [string, string, string];
      known(from, line);
      known(to, line);
      if (!topology.links.some(([a, b]) => a === from && b === to)) fail(line, `no link ${from} ${to} in the topology`);
      const tokens = wholeNumber(amount, 1) ?? fail(line, `tokens must be a positive whole number, got "${amount}"`);
      events.push({ kind: "send", from, to, tokens, line });
    } else {
      fail(line, `unknown event "${verb}" (the events are send, snapshot and tick)`);
    }
  }
  if (!events.some((e) => e.kind === "snapshot")) throw new Cos418Error(file, undefined, "no snapshot event: there is nothing to record");
  return { events, ticks };
}
