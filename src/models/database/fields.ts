/**
 * The database's scenario file, one row per key, in the order they are read;
 * the parser reads each with its `read` and refuses any other key.
 */
import { completeGraph } from "../../scenario/channels.js";
import {
  asInteger,
  asObject,
  checkMoney,
  type Fail,
  indexIn,
  modelField,
  nameField,
  parseInitiators,
  parsePrograms,
  partyNames,
  positiveAmount,
  type ScenarioField,
} from "../../scenario/scenario-fields.js";
import { designNames } from "./designs/registry.js";
import type { Account, DatabaseScenario, Transaction } from "./scenario.js";

const TRANSACTION_KEYS = ["from", "to", "amount"];
const nodeIndex = (before: Partial<DatabaseScenario>, fail: Fail) => indexIn(before.nodes!, "node", "nodes", fail);

export const databaseFields: readonly ScenarioField<DatabaseScenario>[] = [
  modelField("database"),
  nameField(),
  {
    key: "nodes",
    meaning: "node → its accounts and their balances; at least two nodes, joined by channels both ways",
    read: (value, _before, { fail }) => {
      const rawNodes = asObject(value, "nodes", fail);
      const nodes = partyNames(rawNodes, "nodes", "nodes", fail);
      if (nodes.length < 2) fail("nodes", "must name at least two nodes");
      const accounts = nodes.map((n) => {
        if (n.includes(".")) fail(`nodes.${n}`, `a node's name cannot contain "."`);
        const names = partyNames(asObject(rawNodes[n], `nodes.${n}`, fail), `nodes.${n}`, "accounts", fail);
        if (names.length === 0) fail(`nodes.${n}`, "must name at least one account");
        return names;
      });
      const initialBalances = nodes.map((n, i) => accounts[i]!.map((a) => asInteger((rawNodes[n] as Record<string, unknown>)[a], `nodes.${n}.${a}`, fail)));
      checkMoney(initialBalances.flat().map(Math.abs), "nodes", fail);
      return { nodes, accounts, initialBalances, channels: completeGraph(nodes) };
    },
  },
  {
    key: "programs",
    meaning: "optional; per node, its transactions `{ from, to, amount }`, in order",
    read: (value, before, { fail }) => {
      const { nodes, accounts, channels } = before as Pick<DatabaseScenario, "nodes" | "accounts" | "channels">;
      const index = nodeIndex(before, fail);
      const account = (node: number, id: unknown, field: string): Account => {
        const i = typeof id === "string" ? accounts[node]!.indexOf(id) : -1;
        if (i < 0) fail(field, `${JSON.stringify(id)} is not an account of ${nodes[node]} (accounts are ${accounts[node]!.join(", ")})`);
        return { node, account: i };
      };
      // "y" is an account of the transaction's own node, "B.y" one of node B.
      const destination = (node: number, id: unknown, field: string): Account => {
        if (typeof id !== "string") return fail(field, `must be an account here ("y") or on another node ("B.y")`);
        const dot = id.indexOf(".");
        return dot < 0 ? account(node, id, field) : account(index(id.slice(0, dot), field), id.slice(dot + 1), field);
      };
      const programs = parsePrograms(value, nodes, index, TRANSACTION_KEYS, "transactions", fail, (transaction, field, node, k): Transaction => {
        const from = account(node, transaction.from, `${field}.from`);
        const to = destination(node, transaction.to, `${field}.to`);
        const amount = positiveAmount(transaction.amount, `${field}.amount`, fail);
        const channel = to.node === node ? undefined : channels.findIndex((c) => c.from === node && c.to === to.node);
        return { id: `${nodes[node]}#${k + 1}`, from, to, amount, channel };
      });
      const amounts = programs.flatMap((steps) => steps.map((t) => t.amount));
      checkMoney([...(before.initialBalances ?? []).flat().map(Math.abs), ...amounts], "programs", fail);
      return { programs };
    },
  },
  {
    key: "initiators",
    meaning: "non-empty list of distinct nodes that may start the snapshot",
    read: (value, before, { fail }) => ({ initiators: parseInitiators(value, before.nodes!, nodeIndex(before, fail), "nodes", fail) }),
  },
  {
    key: "algorithm",
    meaning: "the snapshot design: `chandy-lamport-redo`, `blocking`, `coordinator` (or a variant)",
    read: (value, _before, { fail }) => {
      if (typeof value !== "string" || !designNames().includes(value)) fail("algorithm", `must name a database snapshot design (${designNames().join(", ")})`);
      return { algorithm: value as string };
    },
  },
];
