/** The CLI's entry: built into dist/snaplab.mjs (scripts/build.mjs), which bin/snaplab.js runs. */
import { isMainThread } from "node:worker_threads";
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";

if (isMainThread) await main(hideBin(process.argv));
else {
  // The CLI's build also serves as a grading lane's worker thread (grade/grading-lanes.ts), the one worker that runs it.
  const [{ isGradingLane }, { serveLane }] = await Promise.all([import("../grade/grading-lanes.js"), import("../grade/grade.js")]);
  if (isGradingLane()) await serveLane();
}
