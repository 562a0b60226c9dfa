/** The database's scenario file, one row per key, in the order the parser checks them; the parser refuses any other key. */
import type { ScenarioField } from "../../scenario/scenario-fields.js";

export const databaseFields: readonly ScenarioField[] = [
  { key: "model", meaning: '`"database"`' },
  { key: "name", meaning: "optional; defaults to the file name without `.json`" },
  { key: "nodes", meaning: "node → its accounts and their balances; at least two nodes, joined by channels both ways" },
  { key: "programs", meaning: "optional; per node, its transactions `{ from, to, amount }`, in order" },
  { key: "initiators", meaning: "non-empty list of distinct nodes that may start the snapshot" },
  { key: "algorithm", meaning: "the snapshot design: `chandy-lamport-redo`, `blocking`, `coordinator` (or a variant)" },
];
