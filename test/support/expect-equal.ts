/**
 * `expect(actual).toEqual(expected)`, asked only where their JSON differs, for
 * checks that run in a loop over every state or step: vitest's bookkeeping of
 * an assertion costs more than the comparison itself. A difference that JSON
 * shows and toEqual does not (the order of keys) still passes. For plain data
 * only, as states and actions are (the model contract): JSON would show a Map
 * or a Set as {}, and miss a difference inside it.
 */
import { expect } from "vitest";

export function expectEqual(actual: unknown, expected: unknown, what?: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, what).toEqual(expected);
}
