import { rmSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { localImports } from "./test/support/local-imports.js";
import { ramTemporaryFolder } from "./test/support/ram-temporary-folder.js";

// The suite starts about eighty node processes (the CLI as a user runs it, live nodes, graders) and opens
// no TLS connection. Node 20 reads the certificates NODE_EXTRA_CA_CERTS names at every start, before any
// code runs: with Debian's bundle (220 kB) that cost each start 45-55 ms on the 2-core development
// machine, where the variable is set. The workers and everything they start inherit this environment.
delete process.env.NODE_EXTRA_CA_CERTS;

// The tests' temporary files in RAM, where there is room (test/support/ram-temporary-folder.ts): making files and
// folders there cost a quarter of the kernel time it did on the development machine's disk. Removed when the run ends.
const temporaryFolder = ramTemporaryFolder();
if (temporaryFolder) {
  process.env.TMPDIR = temporaryFolder;
  process.once("exit", () => rmSync(temporaryFolder, { recursive: true, force: true }));
}

export default defineConfig({
  // src/ read through vitest's module objects ran its inner loops 40 % slower than under Node (test/support/local-imports.ts).
  plugins: [localImports()],
  test: {
    // The default pool, forks: under `pool: "threads"` the sandbox attacks' check that no process is
    // left behind failed one run in three on the 2-core development machine.
    pool: "forks",
    // One worker per core (2 on the 2-core development machine): vitest's default leaves a core free,
    // which on 2 cores runs the files one by one. vitest caps a percentage at the number of cores, so
    // the "150%" this once said gave 2 as well. Three workers (--maxWorkers=3) gain nothing: three runs
    // each on the busy 2-core machine took 54-86 s (89-102 s of CPU) with three, 56-60 s (90-96 s) with two.
    maxWorkers: "100%",
    // V8 optimises a function once it has run 66 kB of bytecode, and again after each deoptimisation. A
    // worker runs every file's models, rules and scenarios through the same functions, so they deoptimise
    // over and over (3,480 optimisations, 1,103 of them undone by a new object shape), and optimising took
    // 15 % of the suite's CPU. Waiting 16 times as long optimises only what stays hot: three fresh-clone
    // runs in turn took 50-53 s of user CPU against 54-67 s, and 43-46 s against 44-53 s.
    execArgv: ["--interrupt-budget=1081344"],
    // Test files share their worker's module cache instead of loading src/ again for every file (a
    // fresh worker per file cost ~0.3 s of CPU, 39 files 12 s), and run in one queue: vitest runs
    // files of different isolation one group after the other, which left a core idle while the
    // sandbox's tests waited on their children. So every test puts back what it changes (spies,
    // process.exitCode, environment variables such as TMPDIR) and takes temporary folders from
    // test/support/temp-dir.ts, which test/support/setup.ts removes when the file ends.
    isolate: false,
    // Generous bounds, so that a busy machine slows the suite down without failing it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["test/support/build-once.ts"],
    setupFiles: ["test/support/setup.ts"],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      // Code that runs only where coverage cannot see it: the page's own script, its search worker and
      // its built-in scenarios run in the browser (test/web/ drives them there); a live node runs in a
      // process of its own (test/live/ starts real ones, and checks what they did from their logs).
      exclude: [
        "src/web/page/page.ts",
        "src/web/page/search-worker.ts",
        "src/web/page/shipped-scenarios.ts",
        "src/live/live-node.ts",
        "src/live/node-snapshots.ts",
        "src/live/channel-connection.ts",
        "src/live/node-process.ts",
        "src/live/node-main.ts",
        "src/cli/node-command.ts",
      ],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 90, statements: 90, functions: 90, branches: 80 },
    },
  },
});
