/**
 * The bank's scenario file, one row per key, in the order the parser checks
 * them. The one place a field is declared: the parser reads each with `read`
 * and refuses any other key, a saved trace writes them back with `write`
 * (scenario-json.ts), the
 * compact engine models exactly the values `packed` accepts (anything else
 * sends the scenario to the generic explorer), and spec/model.md's field
 * reference is this table (test/models/bank/fields.test.ts compares them).
 */
import {
  asInteger,
  asObject,
  checkMoney,
  indexIn,
  nameField,
  parseInitiators,
  parsePrograms,
  partyNames,
  positiveAmount,
  type Fail,
  type ScenarioField,
} from "../../scenario/scenario-fields.js";
import { algorithmNames } from "./algorithms/registry.js";
import { readFaultyChannels, writeFaultyChannels } from "./faults.js";
import { channelName, completeGraph, type Channel, type Scenario, type Transfer } from "./scenario.js";

export interface BankField extends ScenarioField<Scenario> {
  /** The field's value as a saved trace writes the scenario back; undefined leaves it out (the trace states `fifo` and `algorithm` itself). */
  write?(scenario: Scenario, processName: (process: number) => string): unknown;
  /** The resolved scenario's properties this field sets, each with the values the compact engine models. */
  readonly packed: Readonly<Record<string, (value: unknown) => boolean>>;
}

const any = () => true;
const TRANSFER_KEYS = ["to", "amount"];
const processIndex = (before: Partial<Scenario>, fail: Fail) => indexIn(before.processes!, "process", "processes", fail);

export const bankFields: readonly BankField[] = [
  {
    key: "model",
    meaning:
      'optional, default `"bank"`. `"database"` and `"dataflow"` are the other systems of the case studies, with formats of their own (`spec/case-studies/`)',
    read: (value, _before, { fail }) => {
      if (value !== undefined && value !== "bank") fail("model", `must be "bank" for a bank scenario`);
      return {};
    },
    packed: {},
  },
  { ...nameField<Scenario>(), write: (scenario) => scenario.name, packed: { name: any } },
  {
    key: "processes",
    meaning: "process id → initial balance (an integer). The order of the keys is the order of the processes everywhere: in actions, reports and keys.",
    write: (scenario) => Object.fromEntries(scenario.processes.map((p, i) => [p, scenario.initialBalances[i]!])),
    read: (value, _before, { fail }) => {
      const balances = asObject(value, "processes", fail);
      const processes = partyNames(balances, "processes", "processes", fail);
      if (processes.length === 0) fail("processes", "must name at least one process");
      const initialBalances = processes.map((p) => asInteger(balances[p], `processes.${p}`, fail));
      checkMoney(initialBalances.map(Math.abs), "processes", fail);
      return { processes, initialBalances };
    },
    packed: { processes: any, initialBalances: any },
  },
  {
    key: "channels",
    meaning:
      "optional list of directed pairs `[from, to]`, `from ≠ to`, no pair twice. Left out: every ordered pair of distinct processes (the complete directed graph), in process order.",
    write: (scenario, name) => scenario.channels.map((c) => [name(c.from), name(c.to)]),
    read: (value, before, { fail }) => {
      const processes = before.processes!;
      if (value === undefined) return { channels: completeGraph(processes) };
      if (!Array.isArray(value)) fail("channels", "must be a list of [from, to] pairs");
      const index = processIndex(before, fail);
      const channels: Channel[] = [];
      (value as unknown[]).forEach((pair, i) => {
        const field = `channels[${i}]`;
        if (!Array.isArray(pair) || pair.length !== 2) fail(field, "must be a [from, to] pair");
        const [from, to] = [index((pair as unknown[])[0], `${field}[0]`), index((pair as unknown[])[1], `${field}[1]`)];
        if (from === to) fail(field, `a process cannot have a channel to itself (${processes[from]})`);
        const id = channelName(processes[from]!, processes[to]!);
        if (channels.some((c) => c.id === id)) fail(field, `duplicate channel ${id}`);
        channels.push({ id, from, to });
      });
      return { channels };
    },
    packed: { channels: any },
  },
  {
    key: "programs",
    meaning:
      "optional; per process, the transfers it makes, in order. A process not named has nothing to send. Each `to` must be the far end of a channel from this process; each `amount` a positive integer. Sends do not wait for anything: a balance may go negative.",
    write: (scenario, name) =>
      Object.fromEntries(
        scenario.programs.flatMap((steps, p) =>
          steps.length === 0 ? [] : [[name(p), steps.map((t) => ({ to: name(scenario.channels[t.channel]!.to), amount: t.amount }))]],
        ),
      ),
    read: (value, before, { fail }) => {
      const { processes, channels } = before as Pick<Scenario, "processes" | "channels">;
      const index = processIndex(before, fail);
      const programs = parsePrograms(value, processes, index, TRANSFER_KEYS, "sends", fail, (transfer, field, from, k): Transfer => {
        const p = processes[from]!;
        const to = index(transfer.to, `${field}.to`);
        const channel = channels.findIndex((c) => c.from === from && c.to === to);
        if (channel < 0) fail(`${field}.to`, `there is no channel ${channelName(p, processes[to]!)}`);
        return { messageId: `${p}#${k + 1}`, channel, amount: positiveAmount(transfer.amount, `${field}.amount`, fail) };
      });
      const amounts = programs.flatMap((steps) => steps.map((t) => t.amount));
      checkMoney([...(before.initialBalances ?? []).map(Math.abs), ...amounts], "programs", fail);
      return { programs };
    },
    packed: { programs: any },
  },
  {
    key: "initiators",
    meaning: "non-empty list of distinct processes, each of which may start the snapshot on its own",
    write: (scenario, name) => scenario.initiators.map(name),
    read: (value, before, { fail }) => ({ initiators: parseInitiators(value, before.processes!, processIndex(before, fail), "processes", fail) }),
    packed: { initiators: any },
  },
  {
    key: "fifo",
    meaning: "optional, default `true`. `snaplab explore --fifo` / `--no-fifo` overrides it.",
    read: (given, _before, { fail }) => {
      const value = given ?? true;
      if (typeof value !== "boolean") fail("fifo", "must be true or false");
      return { fifo: value as boolean };
    },
    packed: { fifo: any },
  },
  {
    key: "atomicSend",
    meaning: 'optional, default `true`. `false` splits every send in two actions (see "Beyond the contract")',
    // Written only when false: the default is one-step sends.
    write: (scenario) => (scenario.atomicSend === false ? false : undefined),
    read: (given, _before, { fail }) => {
      const value = given ?? true;
      if (typeof value !== "boolean") fail("atomicSend", "must be true or false");
      return { atomicSend: value as boolean };
    },
    packed: { atomicSend: (value) => value === undefined || value === true },
  },
  {
    key: "lossy",
    meaning:
      'optional, default `false`. `true`, or a list of channel names such as `["P0->P1"]`: those channels may lose any message in flight, data or marker (see "Unreliable channels")',
    write: (scenario) => writeFaultyChannels(scenario, "lossy"),
    read: (value, before, { fail }) => readFaultyChannels(value, "lossy", before, fail),
    // The compact engine and its reduction model reliable channels only: a faulty scenario runs generically.
    packed: { lossy: (value) => value === undefined },
  },
  {
    key: "duplicating",
    meaning:
      'optional, default `false`. `true`, or a list of channel names: those channels may deliver any message in flight and keep one copy of it in flight, never a copy of a copy (see "Unreliable channels")',
    write: (scenario) => writeFaultyChannels(scenario, "duplicating"),
    read: (value, before, { fail }) => readFaultyChannels(value, "duplicating", before, fail),
    packed: { duplicating: (value) => value === undefined },
  },
  {
    key: "algorithm",
    meaning: 'optional, default `"chandy-lamport"`: the snapshot rules to run (`snaplab explore --algorithm` overrides it)',
    read: (given, _before, { fail }) => {
      const value = given ?? "chandy-lamport";
      if (typeof value !== "string") fail("algorithm", "must be the name of a snapshot algorithm");
      // Checked here rather than when the rules are looked up, so that the refusal names the file and the field.
      if (!algorithmNames().includes(value as string)) fail("algorithm", `unknown algorithm ${JSON.stringify(value)} (known: ${algorithmNames().join(", ")})`);
      return { algorithm: value as string };
    },
    packed: { algorithm: any },
  },
];
