import { rmSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { localImports } from "./test/support/local-imports.js";
import { ramTemporaryFolder } from "./test/support/ram-temporary-folder.js";

// The suite starts many node processes (the CLI as a user runs it, live nodes, graders) and opens no TLS
// connection, while Node 20 reads the certificates NODE_EXTRA_CA_CERTS names at every start, before any
// code runs. The workers and everything they start inherit this environment.
delete process.env.NODE_EXTRA_CA_CERTS;

// The tests' temporary files in RAM, where there is room (test/support/ram-temporary-folder.ts): the suite makes and
// removes thousands of files and folders, which costs the kernel less there than on a disk. Removed when the run ends.
const temporaryFolder = ramTemporaryFolder();
if (temporaryFolder) {
  process.env.TMPDIR = temporaryFolder;
  process.once("exit", () => rmSync(temporaryFolder, { recursive: true, force: true }));
}

export default defineConfig({
  // src/ read through vitest's module objects runs its inner loops slower than under Node (test/support/local-imports.ts).
  plugins: [localImports()],
  test: {
    // The default pool, forks: under `pool: "threads"` the sandbox attacks' check that no process is
    // left behind failed now and then.
    pool: "forks",
    // One worker per core: vitest's default leaves a core free, which on 2 cores runs the files one by
    // one. vitest caps a percentage at the number of cores, and more workers than cores gained nothing.
    maxWorkers: "100%",
    // V8 optimises a function once it has run a budget of bytecode, and again after each deoptimisation. A
    // worker runs every file's models, rules and scenarios through the same functions, so they deoptimise
    // over and over as new object shapes arrive; waiting 16 times as long optimises only what stays hot.
    execArgv: ["--interrupt-budget=1081344"],
    // Test files share their worker's module cache instead of loading src/ again for every file, and
    // run in one queue: vitest runs files of different isolation one group after the other, which left
    // a core idle while the sandbox's tests waited on their children. So every test puts back what it changes (spies,
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
