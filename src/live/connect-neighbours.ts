/**
 * A node's outgoing channels, each opened to the neighbour at its other end.
 * A node started by hand may come up before its neighbours, so it tries again
 * while nothing listens there yet. A node that waits in silence looks hung:
 * once it has waited a while it says whom it waits for, and when it gives up
 * it names each neighbour it never reached and the `hosts` entry to check.
 */
import type { HostAddress } from "./cluster.js";
import { OutgoingChannel } from "./channel-connection.js";
import { formatDuration } from "../render/duration.js";

/** The far end of an outgoing channel (a scenario has one channel per ordered pair, so one per neighbour). */
export interface Neighbour {
  readonly channel: number;
  readonly channelId: string;
  readonly process: string;
  readonly address: HostAddress;
}

/** How long a node waits for its neighbours before it says whom it waits for. */
const QUIET_MS = 2000;

/**
 * Opens a channel of run `run` to each neighbour, trying for `limitMs` while nothing listens there; `waiting` is
 * told, once, whom the node still waits for. Rejects naming every neighbour it never reached, in a message that
 * starts with their `hosts` fields (the node's error names the cluster file before them).
 */
export async function connectNeighbours(
  neighbours: readonly Neighbour[],
  run: string,
  limitMs: number,
  waiting: (text: string) => void,
): Promise<Map<number, OutgoingChannel>> {
  const deadline = Date.now() + limitMs;
  const limit = formatDuration(limitMs);
  const unanswered = new Set(neighbours);
  const notice = setTimeout(() => {
    const still = [...unanswered];
    waiting(`waiting for ${still.map(where).join(" and ")} to listen (${fields(still)}); it gives up ${limit} after it started`);
  }, QUIET_MS);
  const opened = new Map<number, OutgoingChannel>();
  const failed = new Map<Neighbour, string>();
  await Promise.all(
    neighbours.map(async (neighbour) => {
      try {
        opened.set(neighbour.channel, await OutgoingChannel.open(neighbour.channelId, run, neighbour.address, deadline));
      } catch (error) {
        // Refused to the deadline: nothing ever listened there. Anything else (no route, no such host) as the system says it.
        const refused = (error as NodeJS.ErrnoException).code === "ECONNREFUSED";
        failed.set(neighbour, refused ? `nothing listened there for ${limit}` : (error as Error).message);
      }
      unanswered.delete(neighbour);
    }),
  );
  clearTimeout(notice);
  const never = neighbours.filter((n) => failed.has(n));
  if (never.length === 0) return opened;
  // Those that failed alike are named together: "B at ... and C at ... (nothing listened there for 30s)".
  const alike = new Map<string, Neighbour[]>();
  for (const neighbour of never) {
    const why = failed.get(neighbour)!;
    alike.set(why, [...(alike.get(why) ?? []), neighbour]);
  }
  const unreached = [...alike].map(([why, group]) => `${group.map(where).join(" and ")} (${why})`).join(", ");
  const one = never.length === 1;
  throw new Error(
    `${fields(never)}: never reached ${unreached}: start ${one ? "its node" : "their nodes"} there, or correct ${one ? "that entry" : "those entries"}`,
  );
}

const where = (neighbour: Neighbour): string => `${neighbour.process} at ${neighbour.address.host}:${neighbour.address.port}`;

/** The cluster file's fields that say where the neighbours listen. */
const fields = (neighbours: readonly Neighbour[]): string => neighbours.map((n) => `hosts.${n.process}`).join(", ");
