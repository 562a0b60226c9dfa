/**
 * JSON as snaplab writes it, on stdout and in the files it writes: indented,
 * so that a person can read a report as well as a program can parse it, and
 * ending in a newline, as a text file does.
 */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
