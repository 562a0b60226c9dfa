/** The CLI's entry: built into dist/snaplab.mjs (scripts/build.mjs), which bin/snaplab.js runs. */
import { isMainThread } from "node:worker_threads";
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";
import { endQuietlyWhenReaderGoes } from "./reader-gone.js";

if (isMainThread) {
  endQuietlyWhenReaderGoes();
  await main(hideBin(process.argv));
} else {
  // The CLI's build also serves as a grading lane's worker thread (grade/grading-lanes.ts), whose output the main thread
  // writes: the one worker that runs it.
  const [{ isGradingLane }, { serveLane }] = await Promise.all([import("../grade/grading-lanes.js"), import("../grade/grade.js")]);
  if (isGradingLane()) await serveLane();
}
