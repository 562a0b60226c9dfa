import { readSync } from "node:fs";

/**
 * Lines read from a file descriptor, blocking (node reads no pipe line by
 * line): the grader's replies, the child's requests. What was read past a
 * line is kept for the next.
 */
export class LineReader {
  private buffer = Buffer.alloc(64 * 1024);
  private read = 0;
  /** How far the kept bytes are known to hold no newline. */
  private searched = 0;

  constructor(private readonly fd: number) {}

  /** The next whole line already read, without its newline, and its length in bytes with it; undefined if none is. */
  take(): { readonly text: string; readonly bytes: number } | undefined {
    const end = this.buffer.subarray(0, this.read).indexOf(10, this.searched);
    if (end < 0) {
      this.searched = this.read;
      return undefined;
    }
    const text = this.buffer.toString("utf8", 0, end);
    this.buffer.copyWithin(0, end + 1, this.read);
    this.read -= end + 1;
    this.searched = 0;
    return { text, bytes: end + 1 };
  }

  /** Bytes read and not taken yet: a line so far. */
  get pending(): number {
    return this.read;
  }

  /** Waits for more to read, and reads it; false at the end of the file. */
  readMore(): boolean {
    if (this.read === this.buffer.length) {
      const bigger = Buffer.alloc(this.buffer.length * 2);
      this.buffer.copy(bigger, 0, 0, this.read);
      this.buffer = bigger;
    }
    const got = readSync(this.fd, this.buffer, this.read, this.buffer.length - this.read, null);
    this.read += got;
    return got > 0;
  }
}
