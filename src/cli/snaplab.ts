/** The entry point bin/snaplab.js runs. */
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";
import { isGradingLane } from "../grade/grading-lanes.js";
import { serveLane } from "../grade/grade.js";

// The CLI's bundle also serves as a grading lane's worker thread (grade/grading-lanes.ts). No top-level
// await: the bundle is CommonJS (bin/snaplab.js).
void (isGradingLane() ? serveLane() : main(hideBin(process.argv)));
