import { defineConfig } from "vitest/config";

// Most test files share their worker's module cache (isolate: false) instead of loading src/ again
// for every file: they leave no global state behind (spies restored, exit codes and environment
// variables put back, temporary folders removed by test/support/setup.ts). A fresh worker per file
// costs about 0.3 s of CPU, so only files that need one get it: the sandbox's tests (they set TMPDIR
// for the whole process, start and kill processes and count what is left), and any folder not
// listed here, such as a new one, until it is known to be safe to share.
const shared = [
  "test/*.test.ts",
  "test/models/**/*.test.ts",
  "test/explore/**/*.test.ts",
  "test/render/**/*.test.ts",
  "test/trace/**/*.test.ts",
  "test/case-studies/**/*.test.ts",
  "test/cli/**/*.test.ts",
  "test/grade/*.test.ts",
  "test/scenario/**/*.test.ts",
  "test/files/**/*.test.ts",
];

export default defineConfig({
  test: {
    // The default pool, forks: under `pool: "threads"` the sandbox attacks' check that no process is
    // left behind failed one run in three on the 2-core development machine.
    pool: "forks",
    // One worker per core: vitest's default leaves a core free, which on 2 cores runs the files one by one.
    maxWorkers: "100%",
    // Generous bounds, so that a busy machine slows the suite down without failing it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Removes each test file's temporary folders when its tests end.
    setupFiles: ["test/support/setup.ts"],
    projects: [
      { extends: true, test: { name: "shared", include: shared, isolate: false } },
      { extends: true, test: { name: "isolated", include: ["test/**/*.test.ts"], exclude: shared } },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 90, statements: 90, functions: 90, branches: 80 },
    },
  },
});
