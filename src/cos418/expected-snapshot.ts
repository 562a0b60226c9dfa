/**
 * A COS418 expected snapshot (`.snap`): the first line is the snapshot id,
 * then `<id> <tokens>` for every server, and `<src> <dst> token(<n>)` for
 * every message the snapshot recorded in flight on a link.
 */
import { Cos418Error } from "./cos418-error.js";
import { dataLines, wholeNumber } from "./data-lines.js";
import type { Topology } from "./topology.js";
import { plural } from "../render/count-words.js";

export interface ExpectedSnapshot {
  readonly file: string;
  readonly id: number;
  /** Tokens per server, in the topology's order. */
  readonly tokens: Readonly<Record<string, number>>;
  /** Recorded messages per link "src->dst", in file order. */
  readonly messages: Readonly<Record<string, readonly number[]>>;
}

export function parseExpectedSnapshot(text: string, file: string, topology: Topology, snapshots: number): ExpectedSnapshot {
  const fail = (line: number | undefined, problem: string): never => {
    throw new Cos418Error(file, line, problem);
  };
  const lines = dataLines(text, fail);
  const first = lines[0] ?? fail(undefined, "empty: the first line must be the snapshot id");
  const id =
    (first.words.length === 1 ? wholeNumber(first.words[0]!, 0) : undefined) ?? fail(first.line, `expected the snapshot id, got "${first.words.join(" ")}"`);
  if (id >= snapshots) fail(first.line, `no snapshot ${id}: the events start ${snapshots} ${plural("snapshot", snapshots)} (ids 0 to ${snapshots - 1})`);
  const servers = topology.servers.map((s) => s.id);
  const tokens: Record<string, number> = {};
  const messages: Record<string, number[]> = Object.fromEntries(topology.links.map(([a, b]) => [`${a}->${b}`, []]));
  for (const { line, words } of lines.slice(1)) {
    if (words.length === 2) {
      const [server, amount] = words as [string, string];
      if (!servers.includes(server)) fail(line, `unknown server ${server} (the servers are ${servers.join(", ")})`);
      if (server in tokens) fail(line, `server ${server} is listed twice`);
      tokens[server] = wholeNumber(amount, 0) ?? fail(line, `tokens must be a whole number, got "${amount}"`);
    } else if (words.length === 3) {
      const [from, to, message] = words as [string, string, string];
      const link = `${from}->${to}`;
      if (!(link in messages)) fail(line, `no link ${from} ${to} in the topology`);
      const amount = /^token\((\d+)\)$/.exec(message)?.[1];
      const n = (amount === undefined ? undefined : wholeNumber(amount, 1)) ?? fail(line, `expected a message "token(<n>)", got "${message}"`);
      messages[link]!.push(n);
    } else {
      fail(line, `expected "<server> <tokens>" or "<src> <dst> token(<n>)", got "${words.join(" ")}"`);
    }
  }
  const missing = servers.filter((s) => !(s in tokens));
  if (missing.length > 0) fail(undefined, `no tokens given for ${missing.join(", ")}`);
  return { file, id, tokens: Object.fromEntries(servers.map((s) => [s, tokens[s]!])), messages };
}
