/**
 * What `snaplab live` starts for each node: a small entry of its own, built
 * apart from the CLI (dist/live-node.mjs), so that a node starts in a
 * fraction of the CLI's time. Its arguments are those of `snaplab node`, in this order:
 * --id P --cluster FILE --log FILE.
 */
import { runNodeProcess } from "./node-process.js";

const option = (name: string) => process.argv[process.argv.indexOf(`--${name}`) + 1]!;
await runNodeProcess({ id: option("id"), cluster: option("cluster"), log: option("log"), coordinated: true });
