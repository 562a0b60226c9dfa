/**
 * What a file's unknown key gets told: the keys it may have, and the one it
 * was likely meant to be ("initators" for "initiators", "FIFO" for "fifo"),
 * as a mistyped command is told the command it was near.
 */
export function unknownKey(key: string, known: readonly string[], expected = "expected one of"): string {
  const near = nearSpelling(key, known);
  return `unknown key${near === undefined ? "" : `, did you mean ${near}?`} (${expected} ${known.join(", ")})`;
}

/** The word of `words` that `word` is likely a misspelling of, whatever the case. */
export function nearSpelling(word: string, words: readonly string[]): string | undefined {
  return words.find((w) => typo(word.toLowerCase(), w.toLowerCase()));
}

/** Two spellings of one word: at most two edits apart (one, for a short word), counting a swap of neighbours as one. */
function typo(a: string, b: string): boolean {
  const allowed = Math.min(a.length, b.length) <= 4 ? 1 : 2;
  return Math.abs(a.length - b.length) <= allowed && distance(a, b) <= allowed;
}

/** The optimal-string-alignment distance: insertions, deletions, substitutions and transpositions. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
