// The smallest database worth checking: node A sends 10 to node B once; A starts the snapshot.
import { parseDatabaseScenario } from "../../src/models/database/parse-scenario.js";

export const oneTransfer = parseDatabaseScenario(
  JSON.stringify({
    model: "database",
    nodes: { A: { x: 100 }, B: { x: 100 } },
    programs: { A: [{ from: "x", to: "B.x", amount: 10 }] },
    initiators: ["A"],
    algorithm: "chandy-lamport-redo",
  }),
  "one-transfer.json",
);
