/** The lines of a COS418 test-data file that say something: `#` comments and blank lines dropped, each line split into words, with its number. */
export interface DataLine {
  /** 1-based, as an editor shows it. */
  readonly line: number;
  readonly words: readonly string[];
}

/** `fail` is told the first line with a control character (an escape sequence, say): the messages quote the words, and the ids reach every report. */
export function dataLines(text: string, fail: (line: number, problem: string) => never): DataLine[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    if (CONTROL.test(raw)) fail(i + 1, "a line cannot hold control characters (only spaces and tabs between words)");
    const words = raw.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
    return words.length === 0 ? [] : [{ line: i + 1, words }];
  });
}

/** Control characters but the tab (a line's end is split off already). */
const CONTROL = /[^\P{Cc}\t]/u;

/** A whole number of at least `min`, or `undefined`. */
export function wholeNumber(word: string, min: number): number | undefined {
  if (!/^\d+$/.test(word)) return undefined;
  const n = Number(word);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}
