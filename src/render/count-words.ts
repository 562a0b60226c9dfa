/** The words that go with a count, so that every report agrees with its numbers: "1 step", "2 steps", "both snapshots". */

/** `noun` as `n` of them are said: "step" for 1, "steps" otherwise (or `many`, for a noun such as "process"). */
export const plural = (noun: string, n: number, many = `${noun}s`): string => (n === 1 ? noun : many);

/** Every one of `n` (two or more): "both", "all 3". */
export const bothOrAll = (n: number): string => (n === 2 ? "both" : `all ${n}`);

/** Words as a list is said: "1", "1 and 3", "1, 2 and 3". */
export const listed = (words: readonly (string | number)[]): string => new Intl.ListFormat("en-GB", { type: "conjunction" }).format(words.map(String));
