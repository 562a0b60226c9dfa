/** The CLI's entry: built into dist/snaplab.mjs (scripts/build.mjs), which bin/snaplab.js runs. */
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";
import { isGradingLane } from "../grade/grading-lanes.js";
import { serveLane } from "../grade/grade.js";

// The CLI's build also serves as a grading lane's worker thread (grade/grading-lanes.ts).
await (isGradingLane() ? serveLane() : main(hideBin(process.argv)));
