/**
 * The bank's scenario file, one row per key, in the order the parser checks
 * them. The one place a field is declared: the parser refuses any other key,
 * a saved trace writes the fields back with `write` (scenario-json.ts), the
 * compact engine models exactly the values `packed` accepts (anything else
 * sends the scenario to the generic explorer), and spec/model.md's field
 * reference is this table (test/models/bank/fields.test.ts compares them).
 */
import type { ScenarioField } from "../../scenario/scenario-fields.js";
import type { Scenario } from "./scenario.js";

export interface BankField extends ScenarioField {
  /** The field's value as a saved trace writes the scenario back; undefined leaves it out (the trace states `fifo` and `algorithm` itself). */
  write?(scenario: Scenario, processName: (process: number) => string): unknown;
  /** The resolved scenario's properties this field sets, each with the values the compact engine models. */
  readonly packed: Readonly<Record<string, (value: unknown) => boolean>>;
}

const any = () => true;

export const bankFields: readonly BankField[] = [
  {
    key: "model",
    meaning: 'optional, default `"bank"`. `"database"` and `"dataflow"` are the other systems of the case studies, with formats of their own (`spec/case-studies/`)',
    packed: {},
  },
  { key: "name", meaning: "optional; defaults to the file name without `.json`", write: (scenario) => scenario.name, packed: { name: any } },
  {
    key: "processes",
    meaning: "process id → initial balance (an integer). The order of the keys is the order of the processes everywhere: in actions, reports and keys.",
    write: (scenario) => Object.fromEntries(scenario.processes.map((p, i) => [p, scenario.initialBalances[i]!])),
    packed: { processes: any, initialBalances: any },
  },
  {
    key: "channels",
    meaning:
      "optional list of directed pairs `[from, to]`, `from ≠ to`, no pair twice. Left out: every ordered pair of distinct processes (the complete directed graph), in process order.",
    write: (scenario, name) => scenario.channels.map((c) => [name(c.from), name(c.to)]),
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
    packed: { programs: any },
  },
  {
    key: "initiators",
    meaning: "non-empty list of distinct processes, each of which may start the snapshot on its own",
    write: (scenario, name) => scenario.initiators.map(name),
    packed: { initiators: any },
  },
  { key: "fifo", meaning: "optional, default `true`. `snaplab explore --fifo` / `--no-fifo` overrides it.", packed: { fifo: any } },
  {
    key: "atomicSend",
    meaning: 'optional, default `true`. `false` splits every send in two actions (see "Beyond the contract")',
    // Written only when false: the default is one-step sends.
    write: (scenario) => (scenario.atomicSend === false ? false : undefined),
    packed: { atomicSend: (value) => value === undefined || value === true },
  },
  {
    key: "algorithm",
    meaning: 'optional, default `"chandy-lamport"`: the snapshot rules to run (`snaplab explore --algorithm` overrides it)',
    packed: { algorithm: any },
  },
];
