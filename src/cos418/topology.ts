/**
 * A COS418 topology (`.top`): the first line is the number of servers N,
 * then N lines `<id> <tokens>`, then one directed link `<src> <dst>` a line.
 */
import { Cos418Error } from "./cos418-error.js";
import { dataLines, wholeNumber } from "./data-lines.js";

export interface Topology {
  /** The servers in file order, each with its starting tokens. */
  readonly servers: readonly { readonly id: string; readonly tokens: number }[];
  /** Directed links, in file order. */
  readonly links: readonly (readonly [string, string])[];
}

export function parseTopology(text: string, file: string): Topology {
  const fail = (line: number | undefined, problem: string): never => {
    throw new Cos418Error(file, line, problem);
  };
  const lines = dataLines(text, fail);
  const first = lines[0] ?? fail(undefined, "empty: the first line must be the number of servers");
  const count =
    (first.words.length === 1 ? wholeNumber(first.words[0]!, 1) : undefined) ??
    fail(first.line, `expected the number of servers, got "${first.words.join(" ")}"`);
  const servers: { id: string; tokens: number; line: number }[] = [];
  for (const { line, words } of lines.slice(1, 1 + count)) {
    if (words.length !== 2) fail(line, `expected a server "<id> <tokens>", got "${words.join(" ")}"`);
    // A server line left out (or a count too high) makes the first link read as a server: say so, not that its tokens are wrong.
    if (wholeNumber(words[1]!, 0) === undefined && servers.some((s) => words.includes(s.id))) {
      fail(
        line,
        `expected a server "<id> <tokens>", got the link "${words.join(" ")}": ${count} servers announced on line ${first.line}, ${servers.length} listed`,
      );
    }
    const tokens = wholeNumber(words[1]!, 0) ?? fail(line, `tokens must be a whole number, got "${words[1]}"`);
    servers.push({ id: words[0]!, tokens, line });
  }
  if (servers.length < count) fail(lines[lines.length - 1]!.line, `${count} servers announced on line ${first.line}, ${servers.length} listed`);
  servers.forEach((server, i) => {
    if (servers.findIndex((s) => s.id === server.id) !== i) fail(server.line, `server ${server.id} is listed twice`);
  });
  const known = new Set(servers.map((s) => s.id));
  const links: [string, string][] = [];
  for (const { line, words } of lines.slice(1 + count)) {
    if (words.length !== 2) fail(line, `expected a link "<src> <dst>", got "${words.join(" ")}"`);
    const [src, dst] = words as [string, string];
    for (const id of [src, dst]) if (!known.has(id)) fail(line, `unknown server ${id} (the servers are ${[...known].join(", ")})`);
    if (src === dst) fail(line, `a server cannot link to itself (${src})`);
    if (links.some(([a, b]) => a === src && b === dst)) fail(line, `link ${src} ${dst} is listed twice`);
    links.push([src, dst]);
  }
  return { servers: servers.map(({ id, tokens }) => ({ id, tokens })), links };
}
