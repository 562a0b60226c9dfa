/**
 * A file's SHA-256 with its line endings as LF: git's autocrlf checks a
 * text file out with CRLF on Windows, and it is the same file there. Decoded
 * as latin1, one character a byte, so that no other byte changes.
 */
import { createHash } from "node:crypto";

export function checkoutSum(data: Uint8Array): string {
  const lf = Buffer.from(Buffer.from(data).toString("latin1").replaceAll("\r\n", "\n"), "latin1");
  return createHash("sha256").update(lf).digest("hex");
}
