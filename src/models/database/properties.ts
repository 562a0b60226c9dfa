/**
 * What a database snapshot must be, once every node has finished its part
 * (recorded and redone): the state recovery would load. Termination and
 * deadlock freedom are checked in every terminal state.
 */
import { always, atTermination, type Property } from "../../model-contract/property.js";
import { accountName, isDistributed, totalDatabaseMoney, type DatabaseScenario } from "./scenario.js";
import { firstHole, heldPositions, isDatabaseSnapshotComplete, type DatabaseState, type NodeImage } from "./database-state.js";

export function databaseProperties(scenario: DatabaseScenario): Property<DatabaseState>[] {
  const onComplete = (check: (images: readonly NodeImage[]) => string | undefined) => (state: DatabaseState) =>
    isDatabaseSnapshotComplete(state) ? check(state.nodes.map((n) => n.restored!)) : undefined;
  const distributed = scenario.programs.flatMap((program, node) => program.flatMap((t, k) => (isDistributed(t) ? [{ t, node, k }] : [])));

  const atomicity = always<DatabaseState>(
    "atomicity",
    "After redo, every distributed transaction is wholly in the snapshot or wholly out of it.",
    onComplete((images) => {
      for (const { t, node, k } of distributed) {
        const debited = images[node]!.pc > k;
        const credited = images[t.to.node]!.credits.includes(t.id);
        if (debited === credited) continue;
        const [inIt, outOfIt] = debited ? ["debit", "credit"] : ["credit", "debit"];
        return `${t.id} (${t.amount} from ${accountName(scenario, t.from)} to ${accountName(scenario, t.to)}) has its ${inIt} in the snapshot and not its ${outOfIt}`;
      }
      return undefined;
    }),
  );

  const conservation = always<DatabaseState>(
    "conservation",
    "After redo, the balances in the snapshot add up to the money the database started with.",
    onComplete((images) => {
      const recorded = images.reduce((sum, i) => sum + i.balances.reduce((a, b) => a + b, 0), 0);
      return recorded === totalDatabaseMoney(scenario) ? undefined : `the snapshot holds ${recorded}, expected ${totalDatabaseMoney(scenario)}`;
    }),
  );

  const contiguousLog = always<DatabaseState>(
    "contiguous-log",
    "After redo, every node's snapshot holds the first transactions of its log and no others, so that recovery can replay the log from the next one.",
    onComplete((images) => {
      for (const [node, image] of images.entries()) {
        const hole = firstHole(image);
        if (hole !== undefined) return `${scenario.nodes[node]}'s snapshot holds log positions ${heldPositions(image)}: ${hole} is missing`;
      }
      return undefined;
    }),
  );

  const termination = atTermination<DatabaseState>("termination", "Every run ends with every node's snapshot finished.", (state) => {
    const unfinished = state.nodes.flatMap((n, i) => (n.restored ? [] : [scenario.nodes[i]!]));
    return unfinished.length ? `the run ended with the snapshot unfinished at ${unfinished.join(", ")}` : undefined;
  });

  const noDeadlock = atTermination<DatabaseState>("no-deadlock", "Every run ends with every transaction committed.", (state) => {
    const stuck = state.nodes.flatMap((n, i) => {
      const next = scenario.programs[i]![n.pc];
      return next ? [`${next.id}${n.gateClosed ? " (gate closed)" : ""}`] : [];
    });
    return stuck.length ? `nothing can happen, but ${stuck.join(", ")} never committed` : undefined;
  });

  return [atomicity, conservation, contiguousLog, termination, noDeadlock];
}
