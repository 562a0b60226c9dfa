/**
 * Scenarios for the scaling table: n processes on the complete graph, each
 * sending `sends` transfers round the ring (P0 to P1, P1 to P2, ...), P0
 * initiating, FIFO. With n = 4 and one send each this is the four-process case.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export function ringScenario(dir: string, n: number, sends: number): string {
  const name = (i: number) => `P${i % n}`;
  const processes = Object.fromEntries(Array.from({ length: n }, (_, i) => [name(i), 100]));
  const programs = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [name(i), Array.from({ length: sends }, (_, k) => ({ to: name(i + 1), amount: 10 * (i + 1) + k }))]),
  );
  const file = join(dir, `ring-${n}x${sends}.json`);
  writeFileSync(file, JSON.stringify({ name: `ring ${n}×${sends}`, processes, programs, initiators: ["P0"], fifo: true }));
  return file;
}
