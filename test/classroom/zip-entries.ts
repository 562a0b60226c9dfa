/**
 * A zip's files as an unzip program writes them: names, bytes (fflate), and
 * the Unix permissions kept in each entry of the central directory, which
 * fflate's reader does not give.
 */
import { unzipSync } from "fflate";

export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
  /** The Unix mode, e.g. 0o100755; 0 if the entry has none. */
  readonly mode: number;
}

export function zipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end of central directory record: its signature, searched backwards (a comment may follow it).
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  const count = view.getUint16(end + 10, true);
  const modes = new Map<string, number>();
  for (let at = view.getUint32(end + 16, true), n = 0; n < count; n++) {
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    modes.set(name, view.getUint32(at + 38, true) >>> 16);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return Object.entries(unzipSync(zip)).map(([name, data]) => ({ name, data, mode: modes.get(name) ?? 0 }));
}
