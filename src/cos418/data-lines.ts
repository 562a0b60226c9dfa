/** The lines of a COS418 test-data file that say something: `#` comments and blank lines dropped, each line split into words, with its number. */
export interface DataLine {
  /** 1-based, as an editor shows it. */
  readonly line: number;
  readonly words: readonly string[];
}

export function dataLines(text: string): DataLine[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const words = raw.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
    return words.length === 0 ? [] : [{ line: i + 1, words }];
  });
}

/** A whole number of at least `min`, or `undefined`. */
export function wholeNumber(word: string, min: number): number | undefined {
  if (!/^\d+$/.test(word)) return undefined;
  const n = Number(word);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}
