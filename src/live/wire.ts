/**
 * What travels on a channel's TCP connection: one JSON object per line. The
 * first line names the channel and the sender's run (event-log.ts); then data messages and markers, each with the
 * sender's vector clock; `done` says the sender will send no more data (markers
 * may still follow). A data message lists the snapshots its sender had
 * recorded when it sent it: its colour in each (Lai-Yang's red or white).
 */
export type WireMessage =
  | { readonly k: "hello"; readonly channel: string; readonly run: string }
  | { readonly k: "data"; readonly id: string; readonly a: number; readonly r: readonly number[]; readonly vc: readonly number[] }
  /** `p` is what the rule put on the marker besides its channel (Lai-Yang's `sent`). */
  | { readonly k: "marker"; readonly s: number; readonly p?: Record<string, unknown>; readonly vc: readonly number[] }
  | { readonly k: "done" }
  /** Receiver to sender: `n` data messages delivered so far (flow control, channel-connection.ts). */
  | { readonly k: "ack"; readonly n: number };

export function encode(message: WireMessage): string {
  return `${JSON.stringify(message)}\n`;
}

/** Splits a byte stream into lines and hands each whole line on. */
export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let pending = "";
  return (chunk) => {
    const text = pending + chunk.toString();
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      if (end > start) onLine(text.slice(start, end));
      start = end + 1;
    }
    pending = text.slice(start);
  };
}
