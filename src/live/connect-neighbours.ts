/**
 * A node's wait for its neighbours: each one it sends to must listen, and each
 * one that sends to it must connect, within the node's --wait. A node started
 * by hand may come up before its neighbours, so it tries again while a
 * neighbour refuses, or does not answer, or the network fails on the way. A
 * node that waits in silence looks hung: once it has waited a while it says
 * whom it waits for, and when it gives up it names each neighbour it never
 * reached or never heard from and the `hosts` entry to check.
 */
import type { HostAddress } from "./cluster.js";
import { OutgoingChannel } from "./channel-connection.js";
import { formatDuration } from "../render/duration.js";

/** The far end of one of a node's channels (a scenario has one channel per ordered pair, so one per neighbour and direction). */
export interface Neighbour {
  readonly channel: number;
  readonly channelId: string;
  readonly process: string;
  readonly address: HostAddress;
}

/** How long a node waits for its neighbours before it says whom it waits for. */
const QUIET_MS = 2000;
/**
 * The longest one connection attempt lasts: the kernel sends an unanswered SYN again at ever longer intervals, and a
 * fresh attempt sends one at once, so a neighbour whose host was busy is reached soon after it can answer.
 */
const ATTEMPT_MS = 3000;
/** Between attempts, so that a neighbour that refuses at once is not asked in a busy loop. */
const RETRY_MS = 50;

/**
 * What a node says of a neighbour it tried to reach until it gave up, by the last attempt's error: errors that may
 * pass (the neighbour's node not up yet, its host busy or rebooting, the network between them down for a moment) are
 * tried again to the deadline. Any other (no such host) is the cluster file's to fix, and is said at once.
 */
const GAVE_UP: Readonly<Record<string, string>> = {
  ECONNREFUSED: "nothing listened there",
  ETIMEDOUT: "nothing answered there",
  ECONNRESET: "connections were reset there",
  ECONNABORTED: "connections were reset there",
  EHOSTUNREACH: "the host was unreachable",
  EHOSTDOWN: "the host was unreachable",
  ENETUNREACH: "the network was unreachable",
  ENETDOWN: "the network was unreachable",
  EAI_AGAIN: "its name did not resolve",
};

const mayPass = (error: unknown): boolean => Object.hasOwn(GAVE_UP, (error as NodeJS.ErrnoException).code ?? "");

/** A node's wait for its neighbours, from `since` (ms since the epoch) to `limitMs` after. */
export interface NeighbourWait {
  readonly since: number;
  readonly limitMs: number;
  /** Told, once per kind of wait, whom the node still waits for. */
  readonly waiting: (text: string) => void;
}

/**
 * Opens a channel of run `run` to each neighbour, trying to the wait's end while it may yet answer. Rejects naming
 * every neighbour it never reached, in a message that starts with their `hosts` fields (the node's error names the
 * cluster file before them).
 */
export async function connectNeighbours(neighbours: readonly Neighbour[], run: string, wait: NeighbourWait): Promise<Map<number, OutgoingChannel>> {
  const deadline = wait.since + wait.limitMs;
  const limit = formatDuration(wait.limitMs);
  const unanswered = new Set(neighbours);
  const notice = setTimeout(() => {
    const still = [...unanswered];
    wait.waiting(`waiting for ${still.map(where).join(" and ")} to listen (${fields(still)}); it gives up ${limit} after it started`);
  }, QUIET_MS);
  const opened = new Map<number, OutgoingChannel>();
  const failed = new Map<Neighbour, string>();
  await Promise.all(
    neighbours.map(async (neighbour) => {
      try {
        opened.set(neighbour.channel, await openBy(neighbour, run, deadline));
      } catch (error) {
        failed.set(neighbour, mayPass(error) ? `${GAVE_UP[(error as NodeJS.ErrnoException).code!]} for ${limit}` : (error as Error).message);
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

/** A channel to `neighbour`, tried until `deadline` while the errors are those that may pass; rejects with the last error. */
async function openBy(neighbour: Neighbour, run: string, deadline: number): Promise<OutgoingChannel> {
  for (;;) {
    try {
      return await OutgoingChannel.open(neighbour.channelId, run, neighbour.address, Math.max(1, Math.min(ATTEMPT_MS, deadline - Date.now())));
    } catch (error) {
      if (!mayPass(error) || Date.now() + RETRY_MS >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

/**
 * The neighbours that send to a node, each heard of once its connection names its channel. A neighbour that only
 * sends to the node is never connected to, so nothing else would notice that it never came.
 */
export class Senders {
  private readonly unheard: Map<number, Neighbour>;
  private heardAll: () => void = () => {};
  private timers: NodeJS.Timeout[] = [];

  constructor(senders: readonly Neighbour[]) {
    this.unheard = new Map(senders.map((sender) => [sender.channel, sender]));
  }

  /** Channel `channel`'s sender has connected. */
  heard(channel: number): void {
    this.unheard.delete(channel);
    if (this.unheard.size === 0) this.heardAll();
  }

  /**
   * Resolves once every sender has connected; rejects at the wait's end naming each one never heard from, in a
   * message that starts with their `hosts` fields, as connectNeighbours does.
   */
  async all(wait: NeighbourWait): Promise<void> {
    if (this.unheard.size === 0) return;
    const limit = formatDuration(wait.limitMs);
    try {
      await new Promise<void>((resolve, reject) => {
        this.heardAll = resolve;
        const notice = () => {
          const still = [...this.unheard.values()];
          wait.waiting(`waiting for ${still.map(where).join(" and ")} to connect to it (${fields(still)}); it gives up ${limit} after it started`);
        };
        const giveUp = () => {
          const never = [...this.unheard.values()];
          const one = never.length === 1;
          reject(
            new Error(
              `${fields(never)}: never heard from ${never.map(where).join(" and ")} (${one ? "it" : "they"} did not connect to this node in ${limit}): ` +
                `start ${one ? "its node" : "their nodes"} there, with the same cluster file`,
            ),
          );
        };
        this.timers = [setTimeout(notice, QUIET_MS), setTimeout(giveUp, Math.max(0, wait.since + wait.limitMs - Date.now()))];
      });
    } finally {
      this.stop();
    }
  }

  /** The node has ended (stopped, or its rules failed): it waits no longer, and says nothing more. */
  stop(): void {
    this.timers.forEach(clearTimeout);
  }
}

const where = (neighbour: Neighbour): string => `${neighbour.process} at ${neighbour.address.host}:${neighbour.address.port}`;

/** The cluster file's fields that say where the neighbours listen. */
const fields = (neighbours: readonly Neighbour[]): string => neighbours.map((n) => `hosts.${n.process}`).join(", ");
