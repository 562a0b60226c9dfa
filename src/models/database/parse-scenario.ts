/**
 * Reads a database scenario (`"model": "database"`; format in
 * spec/case-studies/002.md) and checks every field, reporting a mistake as one
 * line naming the file and the field, as the bank's scenarios do.
 */
import { databaseFields } from "./fields.js";
import { designNames } from "./designs/registry.js";
import { asInteger, asObject, indexIn, parseInitiators, parsePrograms, positiveAmount, scenarioObject } from "../../scenario/scenario-fields.js";
import { completeGraph } from "../../scenario/channels.js";
import type { Account, DatabaseScenario, Transaction } from "./scenario.js";

const KEYS = databaseFields.map((field) => field.key);
const TRANSACTION_KEYS = ["from", "to", "amount"];

export function parseDatabaseScenario(text: string, file = "<scenario>"): DatabaseScenario {
  const { raw, fail, name } = scenarioObject(text, file, KEYS);
  if (raw.model !== "database") fail("model", `must be "database"`);

  const rawNodes = asObject(raw.nodes, "nodes", fail);
  const nodes = Object.keys(rawNodes);
  if (nodes.length < 2) fail("nodes", "must name at least two nodes");
  const accounts = nodes.map((n) => {
    if (n.includes(".")) fail(`nodes.${n}`, `a node's name cannot contain "."`);
    const names = Object.keys(asObject(rawNodes[n], `nodes.${n}`, fail));
    if (names.length === 0) fail(`nodes.${n}`, "must name at least one account");
    return names;
  });
  const initialBalances = nodes.map((n, i) => accounts[i]!.map((a) => asInteger((rawNodes[n] as Record<string, unknown>)[a], `nodes.${n}.${a}`, fail)));
  const nodeIndex = indexIn(nodes, "node", "nodes", fail);
  const account = (node: number, id: unknown, field: string): Account => {
    const i = typeof id === "string" ? accounts[node]!.indexOf(id) : -1;
    if (i < 0) fail(field, `${JSON.stringify(id)} is not an account of ${nodes[node]} (accounts are ${accounts[node]!.join(", ")})`);
    return { node, account: i };
  };
  // "y" is an account of the transaction's own node, "B.y" one of node B.
  const destination = (node: number, id: unknown, field: string): Account => {
    if (typeof id !== "string") return fail(field, `must be an account here ("y") or on another node ("B.y")`);
    const dot = id.indexOf(".");
    return dot < 0 ? account(node, id, field) : account(nodeIndex(id.slice(0, dot), field), id.slice(dot + 1), field);
  };

  const channels = completeGraph(nodes);

  const programs = parsePrograms(raw.programs, nodes, nodeIndex, TRANSACTION_KEYS, "transactions", fail, (transaction, field, node, k): Transaction => {
    const from = account(node, transaction.from, `${field}.from`);
    const to = destination(node, transaction.to, `${field}.to`);
    const amount = positiveAmount(transaction.amount, `${field}.amount`, fail);
    const channel = to.node === node ? undefined : channels.findIndex((c) => c.from === node && c.to === to.node);
    return { id: `${nodes[node]}#${k + 1}`, from, to, amount, channel };
  });
  const initiators = parseInitiators(raw.initiators, nodes, nodeIndex, "nodes", fail);

  const algorithm = raw.algorithm;
  if (typeof algorithm !== "string" || !designNames().includes(algorithm)) {
    fail("algorithm", `must name a database snapshot design (${designNames().join(", ")})`);
  }
  return { name, nodes, accounts, initialBalances, channels, programs, initiators, algorithm: algorithm as string };
}
