import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One worker per core: vitest's default leaves a core free, which on two cores runs the files one by one.
    maxWorkers: "100%",
    // Test files share their worker's loaded modules, since a fresh process for each file would cost more than most
    // files' tests: so every test puts back what it changes (spies, process.exitCode, environment variables such as
    // TMPDIR) and takes temporary folders from test/support/temp-dir.ts.
    isolate: false,
    // Generous bounds, so that a busy machine slows the suite down without failing it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Puts back what a file's tests changed of the process, and removes their temporary folders, when the file ends.
    setupFiles: ["test/support/setup.ts"],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      // Code that runs only where coverage cannot see it: the page's own script, its search worker and
      // its built-in scenarios run in the browser (test/web/ drives them there); a live node runs in a
      // process of its own (test/live/ starts real ones, and checks what they did from their logs); a starter's check of
      // snaplab's files runs built into the starter (test/classroom/github-starter.system.test.ts runs it there).
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
        "src/classroom/kit-check-script.ts",
      ],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 90, statements: 90, functions: 90, branches: 80 },
    },
    // Two tiers, run together by `npm test` (one run, so coverage is merged) and on their own by `npm run test:unit` and
    // `npm run test:system`. A test file that starts a process (the CLI as a user runs it, a sandbox, a live node,
    // Chromium, SPIN, gcc, tsc, esbuild) or opens a socket is named *.system.test.ts, and so is one that explores whole a
    // shipped scenario of more than 100,000 states (bank, four-process, five-process, even reduced) or grades every rule
    // set of the catalogue both with and without reduction, so that the unit tier stays the edit loop; it sits beside the unit tests of the same part, so that test/ keeps mirroring src/. The unit tier's setup file
    // refuses a process or a socket, so that no file drifts into the wrong tier.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/**/*.system.test.ts"],
          setupFiles: ["test/support/in-process-only.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "system",
          include: ["test/**/*.system.test.ts"],
          // Builds dist/ before the tier's first test: the command, the sandboxes' broker, a live run's nodes and the page run
          // from it. The unit tier runs src/ in its own process and needs no build.
          globalSetup: ["test/support/build-once.ts"],
        },
      },
    ],
  },
});
