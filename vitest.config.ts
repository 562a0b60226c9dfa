import { defineConfig } from "vitest/config";

// The tests of the pure model and the searches change no global state, so they share their
// workers' module cache (isolate: false) instead of loading src/ again for every file; the
// grader's and the CLI's tests, which start processes, set environment variables and replace
// process.stdout.write, keep a fresh module graph per file.
const shared = [
  "test/models/**/*.test.ts",
  "test/explore/**/*.test.ts",
  "test/render/**/*.test.ts",
  "test/trace/**/*.test.ts",
  "test/case-studies/**/*.test.ts",
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
    projects: [
      { extends: true, test: { name: "isolated", include: ["test/**/*.test.ts"], exclude: shared } },
      { extends: true, test: { name: "shared", include: shared, isolate: false } },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      // The page's own script, its search worker and its built-in scenarios run in the browser only, where test/web/ drives them.
      exclude: ["src/web/page/page.ts", "src/web/page/search-worker.ts", "src/web/page/shipped-scenarios.ts"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 90, statements: 90, functions: 90, branches: 80 },
    },
  },
});
