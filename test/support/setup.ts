// Runs before every test file (vitest.config.ts, setupFiles), also where files share a worker.
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dir.js";

afterAll(removeTempDirs);
