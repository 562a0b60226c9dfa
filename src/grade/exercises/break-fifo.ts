/**
 * Exercise 4, break FIFO: the learner writes a scenario on which the
 * reference rules keep every property when channels are FIFO, and lose
 * money (conservation) when they are not. Graded by exploring it both ways.
 *
 * The snapshot may be started only by processes that send nothing. So the
 * initiator's own marker has no transfer to overtake: the marker that does is
 * one a process sends when the snapshot reaches it, behind what it sent
 * before. That is the marker-receiving rule's reliance on FIFO, and no
 * shipped scenario is an answer as it is (each initiator of theirs sends).
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import { ScenarioError } from "../../errors/scenario-error.js";
import { runCheck } from "../graded-rules/run-check.js";
import { bankGradedSystem } from "./bank-check.js";
import type { ScenarioExercise } from "./exercise.js";
import { loadModelScenario } from "../../models/load-model-scenario.js";
import { oneSnapshotBankModel } from "../../models/bank/bank-model.js";

/** Small enough to explore both ways in a moment. */
const MAX_PROCESSES = 4;
const MAX_TRANSFERS = 6;

export const breakFifoExercise: ScenarioExercise = {
  number: 4,
  slug: "04-break-fifo",
  title: "Break FIFO",
  file: "04-break-fifo/scenario.json",
  kind: "scenario",
  // The learner's own file, explored as the check explores it: a counterexample is met with FIFO channels, a verdict else without.
  explore: (file, failed) => `npx snaplab explore ${file} ${failed.counterexample ? "--fifo" : "--no-fifo"}`,
  load(file, named) {
    const scenario = loadModelScenario(file, [oneSnapshotBankModel], named).scenario;
    if (scenario.processes.length > MAX_PROCESSES) throw new ScenarioError(named, "processes", `at most ${MAX_PROCESSES} processes, please`);
    const transfers = scenario.programs.reduce((n, program) => n + program.length, 0);
    if (transfers > MAX_TRANSFERS) throw new ScenarioError(named, "programs", `at most ${MAX_TRANSFERS} transfers in all, please (found ${transfers})`);
    return scenario;
  },
  checks: [
    {
      name: "needs FIFO",
      points: 12,
      run(scenario, limits) {
        const sender = scenario.initiators.find((p) => scenario.programs[p]!.length > 0);
        if (sender !== undefined) {
          const name = scenario.processes[sender]!;
          return {
            states: 0,
            failure: `${name} may start the snapshot and sends transfers: here only processes that send nothing may start it, so that the marker that overtakes is one passed on`,
          };
        }
        const withFifo = runCheck(bankGradedSystem({ ...scenario, fifo: true }, chandyLamport), limits.maxStates, undefined, limits);
        if (withFifo.counterexample) {
          const c = withFifo.counterexample;
          return { ...withFifo, counterexample: { ...c, reason: `with FIFO channels: ${c.reason}` } };
        }
        // Only whether money is lost: no counterexample is shown, so none need be the shortest (a search of the full graph to its depth).
        const without = runCheck(bankGradedSystem({ ...scenario, fifo: false }, chandyLamport), limits.maxStates, undefined, { ...limits, shortest: false });
        const states = withFifo.states + without.states;
        if (!without.violated?.includes("conservation")) {
          return {
            states,
            failure:
              "without FIFO, conservation still holds: every snapshot adds up. A marker must be able to overtake a transfer sent before it, and that transfer must then be missing from the snapshot",
          };
        }
        return { states };
      },
    },
  ],
};
