/** The entry point bin/snaplab.js runs. */
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";
import { endQuietlyWhenReaderGoes } from "./reader-gone.js";
import { isGradingLane } from "../grade/grading-lanes.js";
import { serveLane } from "../grade/grade.js";

// The CLI's bundle also serves as a grading lane's worker thread (grade/grading-lanes.ts), whose output
// the main thread writes. No top-level await: the bundle is CommonJS (bin/snaplab.js).
if (isGradingLane()) void serveLane();
else {
  endQuietlyWhenReaderGoes();
  void main(hideBin(process.argv));
}
