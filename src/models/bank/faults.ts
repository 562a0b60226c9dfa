/**
 * Unreliable channels (spec/model.md, "Unreliable channels"): a channel may be
 * lossy (any message in flight may vanish) and/or duplicating (any message in
 * flight may be delivered and stay in flight once more, as a copy that is
 * never copied again). A scenario names them per fault: `true` for every
 * channel, or a list of channel names. Reliable channels are the default, and
 * a scenario without faults has no fault field at all in its resolved form,
 * so that everything about it stays as it was.
 */
import type { Fail } from "../../scenario/scenario-fields.js";
import type { Scenario } from "./scenario.js";

type Fault = "lossy" | "duplicating";

export const FAULTS: readonly Fault[] = ["lossy", "duplicating"];

export function isLossy(scenario: Scenario, channel: number): boolean {
  return scenario.lossy?.includes(channel) ?? false;
}

export function isDuplicating(scenario: Scenario, channel: number): boolean {
  return scenario.duplicating?.includes(channel) ?? false;
}

/** Whether any channel of the scenario may lose or copy a message. */
export function hasFaults(scenario: Pick<Scenario, "lossy" | "duplicating">): boolean {
  return scenario.lossy !== undefined || scenario.duplicating !== undefined;
}

/**
 * A fault field read: `true` (every channel), `false` or absent (none), or a
 * list of channel names ("P0->P1"). The resolved form is the channels' indices
 * in channel order, left out when there are none.
 */
export function readFaultyChannels(value: unknown, fault: Fault, scenario: Partial<Scenario>, fail: Fail): Partial<Scenario> {
  const channels = scenario.channels!;
  if (value === undefined || value === false) return {};
  if (value === true) return channels.length === 0 ? {} : { [fault]: channels.map((_, c) => c) };
  if (!Array.isArray(value)) fail(fault, 'must be true, false or a list of channel names such as "P0->P1"');
  const indices = (value as unknown[]).map((name, i) => {
    const c = channels.findIndex((channel) => channel.id === name);
    if (c < 0) fail(`${fault}[${i}]`, `there is no channel ${typeof name === "string" ? name : JSON.stringify(name)}`);
    if ((value as unknown[]).indexOf(name) !== i) fail(`${fault}[${i}]`, `${name as string} is named twice`);
    return c;
  });
  return indices.length === 0 ? {} : { [fault]: indices.sort((a, b) => a - b) };
}

/** A fault field written back: `true` when every channel has the fault, else the channels' names; undefined when none has. */
export function writeFaultyChannels(scenario: Scenario, fault: Fault): unknown {
  const channels = scenario[fault];
  if (channels === undefined) return undefined;
  return channels.length === scenario.channels.length ? true : channels.map((c) => scenario.channels[c]!.id);
}

/** What a run's channels are, in words: "FIFO channels", "non-FIFO lossy channels", "FIFO channels, P0->P1 duplicating". */
export function channelsInWords(scenario: Scenario): string {
  const order = scenario.fifo ? "FIFO" : "non-FIFO";
  const all = FAULTS.filter((f) => scenario[f]?.length === scenario.channels.length);
  const some = FAULTS.filter((f) => scenario[f] !== undefined && !all.includes(f)).map(
    (f) => `${scenario[f]!.map((c) => scenario.channels[c]!.id).join(", ")} ${f}`,
  );
  return [`${[order, ...all].join(" ")} channels`, ...some].join(", ");
}
