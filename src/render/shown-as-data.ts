/**
 * Text a submission had a hand in (a message it threw or printed, an effect
 * it returned, a name in its scenario) ends up in reports that people and
 * programs read. It is shown as data: every character that could act rather
 * than read (a newline forging a "Points:" line, an ESC driving the terminal,
 * a NUL that XML forbids, a bidi override reordering the line, half of a
 * surrogate pair) is written as a visible escape, and free text is cut to one
 * short line. Every command that prints such text passes it through here
 * (grading, src/grade/results-as-data.ts, passes every result through once).
 */

/** Longest free text (a fault, a failure, a reason) a report shows, "…" included. */
export const TEXT_LIMIT = 200;

// C0 and C1 controls and DEL; line and paragraph separators; bidi marks,
// embeddings, overrides and isolates; the BOM; XML's forbidden non-characters;
// and any surrogate not in a pair.
const ACTING =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters a terminal acts on are what this finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The visible escape of one acting character: \n, \r, \t, \xHH, or \uHHHH. */
export function escapedChar(char: string): string {
  const code = char.charCodeAt(0);
  return NAMED[char] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
}

const hex = (code: number, digits: number) => code.toString(16).toUpperCase().padStart(digits, "0");

/** How much of a cut text's end is kept: the grader's words often close a message around the submission's. */
const KEPT_END = 50;

/**
 * `text` on one line with every acting character escaped, at most `limit`
 * characters (code points): a longer one loses its middle, marked "…".
 */
export function asData(text: string, limit = TEXT_LIMIT): string {
  const escaped = String(text).replace(ACTING, escapedChar);
  const chars = Array.from(escaped);
  if (chars.length <= limit) return escaped;
  const end = Math.min(KEPT_END, Math.floor(limit / 4));
  return `${chars.slice(0, limit - 1 - end).join("")}…${chars.slice(chars.length - end).join("")}`;
}

/** Like asData, without a length limit: for text that is long by nature (a trace step, a diagram row). */
export const lineAsData = (text: string) => asData(text, Infinity);
