/**
 * Temporary folders for a test file: each call gives a fresh folder inside one
 * folder per test file, which is removed when the file's tests end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const root = mkdtempSync(join(tmpdir(), "snaplab-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

export const tempDir = (name: string): string => mkdtempSync(join(root, `${name}-`));
