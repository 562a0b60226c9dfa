/**
 * The live bank's workload, drawn by each process on its own: how many
 * transfers it tries, on which channel and of what amount (a seeded draw, so
 * the choices repeat; what the sender holds still depends on the race), and at
 * which of its tries it starts the snapshots it initiates. A sender holding
 * nothing waits for money; when none comes for a while it skips the rest of
 * its transfers, since two broke processes could wait for each other forever.
 */
import { outgoingChannels, type Scenario } from "../models/bank/scenario.js";

/** The largest amount of a transfer. */
export const MAX_AMOUNT = 10;

/**
 * A transfer's amount for a draw `u` in [0, 1): from 1 up to a quarter of
 * what the sender holds (at most MAX_AMOUNT), so that it is never more than
 * the sender holds and a sender seldom runs dry: the money keeps moving
 * instead of every process waiting for what the others owe it.
 */
export function drawAmount(u: number, balance: number): number {
  const most = Math.max(1, Math.min(MAX_AMOUNT, Math.floor(balance / 4)));
  return Math.min(1 + Math.floor(u * most), balance);
}

/** The processes that can send (they have an outgoing channel), in scenario order. */
export function senders(scenario: Scenario): number[] {
  return scenario.processes.flatMap((_, p) => (outgoingChannels(scenario, p).length > 0 ? [p] : []));
}

/** Process p's share of `transfers`: an even split among the senders, the first ones taking the remainder. */
export function quotaOf(scenario: Scenario, transfers: number, p: number): number {
  const all = senders(scenario);
  const i = all.indexOf(p);
  if (i < 0) return 0;
  return Math.floor(transfers / all.length) + (i < transfers % all.length ? 1 : 0);
}

/** Process p's share of a rate in transfers per second (0: no cap). */
export function rateOf(scenario: Scenario, rate: number, p: number): number {
  return rate === 0 ? 0 : rate / senders(scenario).length;
}

/**
 * The snapshots process p starts, each with the number of its own tries
 * before it: snapshot s belongs to initiator s mod (number of initiators), and
 * each initiator spreads its snapshots evenly over its transfers.
 */
export function initiations(scenario: Scenario, snapshots: number, quota: number, p: number): { snapshot: number; atTry: number }[] {
  const initiators = scenario.initiators;
  const mine = Array.from({ length: snapshots }, (_, s) => s).filter((s) => initiators[s % initiators.length] === p);
  return mine.map((snapshot, j) => ({ snapshot, atTry: Math.floor(((j + 1) * quota) / (mine.length + 1)) }));
}

/** The initiator of snapshot s. */
export function initiatorOf(scenario: Scenario, s: number): number {
  return scenario.initiators[s % scenario.initiators.length]!;
}

/** The seed of process p's own generator. */
export function processSeed(seed: number, p: number): number {
  return Math.imul(seed + 1, 0x9e3779b1) ^ (p + 1);
}
