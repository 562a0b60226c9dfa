import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The default pool, forks: under `pool: "threads"` the sandbox attacks' check that no process is
    // left behind failed one run in three on the 2-core development machine.
    pool: "forks",
    // Generous bounds, so that a busy machine slows the suite down without failing it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 90, statements: 90, functions: 90, branches: 80 },
    },
  },
});
