/**
 * The vectors of states found but not yet expanded, in id order, for a
 * breadth-first search that keeps only fingerprints of the states it has seen
 * (TLC keeps its queue apart from its fingerprint set in the same way).
 */
import { grown } from "./key-table.js";

export class VectorQueue {
  private vectors = new Uint32Array(4096);
  /** Id of the vector at index 0. */
  private first = 0;
  /** One past the id of the newest vector. */
  private end = 0;
  /** Vectors of ids below this are no longer needed. */
  private done = 0;

  constructor(private readonly width: number) {}

  push(buffer: Uint32Array, at: number): void {
    if ((this.end - this.first + 1) * this.width > this.vectors.length) this.makeRoom();
    const to = (this.end++ - this.first) * this.width;
    for (let i = 0; i < this.width; i++) this.vectors[to + i] = buffer[at + i]!;
  }

  /** The buffer holding the vectors; it changes when `push` makes room. */
  get buffer(): Uint32Array {
    return this.vectors;
  }

  /** Where the vector of `id` starts in `buffer`. */
  offset(id: number): number {
    return (id - this.first) * this.width;
  }

  /** The vectors of ids below `id` may be dropped. */
  release(id: number): void {
    this.done = id;
  }

  get bytes(): number {
    return this.vectors.byteLength;
  }

  private makeRoom(): void {
    const drop = this.done - this.first;
    if (drop * 2 >= this.end - this.first) {
      this.vectors.copyWithin(0, drop * this.width, (this.end - this.first) * this.width);
      this.first = this.done;
    } else {
      this.vectors = grown(this.vectors, (this.end - this.first + 1) * this.width);
    }
  }
}
