import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Threads start faster and cost less than the default child processes; tests that need a process start one.
    pool: "threads",
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
