/**
 * COS418's test data as a snaplab bank scenario: servers are processes with
 * their tokens as balances, links are FIFO channels, each server's sends are
 * its program in file order, and the servers that start snapshots are the
 * initiators. Several snapshot events give the multi-snapshot bank (a
 * `snapshots` field: who starts snapshot 0, 1, ...). The events' global
 * order and the ticks are dropped: snaplab runs every interleaving of the
 * servers' programs, deliveries and snapshot starts.
 */
import type { Events } from "./events.js";
import type { Topology } from "./topology.js";

/** A bank scenario file's JSON (spec/model.md), as `--out` writes it. */
export interface Cos418Scenario {
  readonly name: string;
  readonly processes: Readonly<Record<string, number>>;
  readonly channels: readonly (readonly [string, string])[];
  readonly programs: Readonly<Record<string, readonly { readonly to: string; readonly amount: number }[]>>;
  readonly initiators: readonly string[];
  readonly fifo: true;
  readonly snapshots?: readonly string[];
}

export function cos418Scenario(name: string, topology: Topology, { events }: Events): Cos418Scenario {
  const starters = events.flatMap((e) => (e.kind === "snapshot" ? [e.server] : []));
  const programs = Object.fromEntries(
    topology.servers.flatMap(({ id }) => {
      const sends = events.flatMap((e) => (e.kind === "send" && e.from === id ? [{ to: e.to, amount: e.tokens }] : []));
      return sends.length === 0 ? [] : [[id, sends]];
    }),
  );
  return {
    name,
    processes: Object.fromEntries(topology.servers.map((s) => [s.id, s.tokens])),
    channels: topology.links,
    programs,
    initiators: topology.servers.map((s) => s.id).filter((id) => starters.includes(id)),
    fifo: true,
    ...(starters.length > 1 ? { snapshots: starters } : {}),
  };
}
