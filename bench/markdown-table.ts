/** A Markdown table with right-aligned numbers, readable as plain text too. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  const numeric = header.map((_, col) => rows.every((row) => /^[\d,.×x<>~ %-]*$/.test(row[col]!)));
  const cell = (text: string, col: number) => (numeric[col] ? text.padStart(widths[col]!) : text.padEnd(widths[col]!));
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  const rule = `|${widths.map((w, col) => (numeric[col] ? `${"-".repeat(w + 1)}:` : `${"-".repeat(w + 2)}`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

export const count = (n: number) => n.toLocaleString("en-US");
export const seconds = (ms: number) => (ms / 1000).toFixed(2);
export const megabytes = (kb: number) => (kb / 1024).toFixed(0);
