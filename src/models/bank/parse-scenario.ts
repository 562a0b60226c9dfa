/**
 * Reads a scenario file (format in spec/model.md) and checks every field, so
 * that a mistake is reported as one line naming the file and the field.
 */
import { bankFields } from "./fields.js";
import { channelName, completeGraph, type Channel, type Scenario, type Transfer } from "./scenario.js";
import { asInteger, asObject, indexIn, parseInitiators, parsePrograms, positiveAmount, readScenarioFile, scenarioObject } from "../../scenario/scenario-fields.js";

const KEYS = bankFields.map((field) => field.key);
const TRANSFER_KEYS = ["to", "amount"];

export function loadScenario(file: string): Scenario {
  return parseScenario(readScenarioFile(file), file);
}

export function parseScenario(text: string, file = "<scenario>"): Scenario {
  const { raw, fail, name } = scenarioObject(text, file, KEYS);
  if (raw.model !== undefined && raw.model !== "bank") fail("model", `must be "bank" for a bank scenario`);

  const balances = asObject(raw.processes, "processes", fail);
  const processes = Object.keys(balances);
  if (processes.length === 0) fail("processes", "must name at least one process");
  const initialBalances = processes.map((p) => asInteger(balances[p], `processes.${p}`, fail));
  const processIndex = indexIn(processes, "process", "processes", fail);

  const channels: Channel[] = [];
  if (raw.channels === undefined) {
    channels.push(...completeGraph(processes));
  } else {
    if (!Array.isArray(raw.channels)) fail("channels", "must be a list of [from, to] pairs");
    (raw.channels as unknown[]).forEach((pair, i) => {
      const field = `channels[${i}]`;
      if (!Array.isArray(pair) || pair.length !== 2) fail(field, "must be a [from, to] pair");
      const [from, to] = [processIndex((pair as unknown[])[0], `${field}[0]`), processIndex((pair as unknown[])[1], `${field}[1]`)];
      if (from === to) fail(field, `a process cannot have a channel to itself (${processes[from]})`);
      const id = channelName(processes[from]!, processes[to]!);
      if (channels.some((c) => c.id === id)) fail(field, `duplicate channel ${id}`);
      channels.push({ id, from, to });
    });
  }

  const programs = parsePrograms(raw.programs, processes, processIndex, TRANSFER_KEYS, "sends", fail, (transfer, field, from, k): Transfer => {
    const p = processes[from]!;
    const to = processIndex(transfer.to, `${field}.to`);
    const channel = channels.findIndex((c) => c.from === from && c.to === to);
    if (channel < 0) fail(`${field}.to`, `there is no channel ${channelName(p, processes[to]!)}`);
    return { messageId: `${p}#${k + 1}`, channel, amount: positiveAmount(transfer.amount, `${field}.amount`, fail) };
  });
  const initiators = parseInitiators(raw.initiators, processes, processIndex, "processes", fail);

  const fifo = raw.fifo ?? true;
  if (typeof fifo !== "boolean") fail("fifo", "must be true or false");
  const atomicSend = raw.atomicSend ?? true;
  if (typeof atomicSend !== "boolean") fail("atomicSend", "must be true or false");
  const algorithm = raw.algorithm ?? "chandy-lamport";
  if (typeof algorithm !== "string") fail("algorithm", "must be the name of a snapshot algorithm");

  return {
    name,
    processes,
    initialBalances,
    channels,
    programs,
    initiators,
    fifo: fifo as boolean,
    atomicSend: atomicSend as boolean,
    algorithm: algorithm as string,
  };
}
