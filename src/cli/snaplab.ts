/** The entry point bin/snaplab.js runs. */
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";

await main(hideBin(process.argv));
