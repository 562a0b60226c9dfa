import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyTable } from "../../src/explore/key-table.js";
import { PathCounts } from "../../src/explore/path-counts.js";
import { VectorQueue } from "../../src/explore/vector-queue.js";

describe("KeyTable", () => {
  it("should number distinct keys in insertion order, through growth, and find them again", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(50), fc.nat(3)), { maxLength: 3000 }), (pairs) => {
        const table = new KeyTable(2, 4);
        const first = new Map<string, number>();
        for (const [a, b] of pairs) {
          const id = table.intern(Uint32Array.of(a, b), 0);
          if (!first.has(`${a},${b}`)) first.set(`${a},${b}`, first.size);
          expect(id).toBe(first.get(`${a},${b}`));
        }
        expect(table.size).toBe(first.size);
        for (const [key, id] of first) expect(table.find(Uint32Array.from(key.split(",").map(Number)), 0)).toBe(id);
        expect(table.find(Uint32Array.of(99, 0), 0)).toBe(-1);
      }),
      { numRuns: 30, seed: 1 },
    );
  });
});

describe("PathCounts", () => {
  it("should add exactly far beyond 2^53, and forget the ids below a level", () => {
    const counts = new PathCounts();
    counts.setOne(0);
    // Node i+1 gets twice node i's count: 2^200 needs four 52-bit limbs.
    for (let i = 0; i < 200; i++) {
      counts.reserve(i + 1);
      counts.add(i, i + 1);
      counts.add(i, i + 1);
    }
    expect(counts.get(200)).toBe(2n ** 200n);
    counts.forgetBelow(150);
    expect(counts.get(199)).toBe(2n ** 199n);
  });
});

describe("VectorQueue", () => {
  it("should hand back each vector by id while dropping the ones released", () => {
    const queue = new VectorQueue(3);
    for (let id = 0; id < 10_000; id++) {
      queue.push(Uint32Array.of(id, id * 2, id * 3), 0);
      const oldest = Math.max(0, id - 100);
      queue.release(oldest);
      const at = queue.offset(oldest);
      expect(Array.from(queue.buffer.subarray(at, at + 3))).toEqual([oldest, oldest * 2, oldest * 3]);
    }
    expect(queue.bytes).toBeLessThan(10_000 * 3 * 4);
  });
});
