/** The CLI's entry: built into dist/snaplab.mjs (scripts/build.mjs), which bin/snaplab.js runs. */
import { hideBin } from "yargs/helpers";
import { main } from "./main.js";
import { endQuietlyWhenReaderGoes } from "./reader-gone.js";

endQuietlyWhenReaderGoes();
await main(hideBin(process.argv));
