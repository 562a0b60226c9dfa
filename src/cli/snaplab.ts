/** The entry point bin/snaplab.js runs. */
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";
import { isGradingLane } from "../grade/grading-lanes.js";
import { serveLane } from "../grade/grade.js";

// The CLI's bundle also serves as a grading lane's worker thread (grade/grading-lanes.ts).
if (isGradingLane()) await serveLane();
else await main(hideBin(process.argv));
