/**
 * What a rule sees of a generated scenario besides its shape: the processes'
 * names, their balances and the amounts they send, drawn by fast-check from
 * everything the scenario format allows (spec/model.md, "Names and limits").
 * A learner's code that is right only on names like P0, balances of 100 or
 * amounts 1, 2, 4, ... meets names of one and of 64 characters, punctuation,
 * digits and letters beyond ASCII; zero, negative and huge balances, up to
 * the format's limit on money; amounts repeated on one channel and amounts
 * past 32 bits. Exercise 3's direct calls draw their inputs from the same.
 */
import fc from "fast-check";
import { SCENARIO_LIMITS } from "../../scenario/scenario-fields.js";

/**
 * The format's limit on money: the magnitudes of all balances and amounts
 * added up stay within 2^53−1, so that every balance and every sum of them
 * is exact (no float rounds). The generated scenarios reach it exactly.
 */
export const MAX_MONEY = Number.MAX_SAFE_INTEGER;

/** Past 2^31 and 2^32: a sum kept in 32 bits (`| 0`, an Int32Array) goes wrong there. */
const PAST_32_BITS = 2 ** 32 + 1;
/** Balances reach 2^50 and amounts 2^44, so that six of the one and eight of the other stay within MAX_MONEY. */
const MAX_BALANCE = 2 ** 50;
export const LARGEST_AMOUNT = 2 ** 44;

/**
 * Names that a learner's code trips on, every one of them a name the format
 * allows: one character; punctuation, the `#` of a message's id and the `-`
 * and `>` of a channel's; spaces; names that begin or end another, or differ
 * from it only in case; names an
 * object already has (`constructor`); digits, which JavaScript puts first in
 * an object's keys; letters beyond ASCII. Never `__proto__`, which the format
 * allows but a JavaScript object keyed by name cannot hold: it is drawn only
 * where a feature asks for it (protoNamed).
 */
const trickyNames = [
  "a",
  "B",
  "z9",
  "#",
  "a#1",
  "x-y",
  "-",
  ">",
  "a>b",
  "<",
  " ",
  "P0 ",
  " P1",
  "p0",
  "P00",
  "P1",
  "P10",
  "P11",
  "node.1",
  "a/b",
  "{}",
  "[0]",
  '"q"',
  "\\",
  "%s",
  "null",
  "undefined",
  "NaN",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "length",
  "Zoë",
  "Åsa",
  "銀行",
  "🏦",
  "e\u0301",
  "Ωμέγα",
  "שלום",
];

/**
 * Whether money code working in cents changes `amount`: a·100/100, rounded,
 * truncated or neither, as one in five amounts near the format's limit are
 * changed (the product is past 2^53). Its last digit is not 0 either, so that
 * rounding it to fewer significant digits changes it too.
 */
export const changedByCents = (amount: number): boolean =>
  amount % 10 !== 0 &&
  [Math.round, Math.trunc, (x: number) => x].every((cents) => cents(amount * 100) / 100 !== amount) &&
  Math.round((amount + Number.EPSILON) * 100) / 100 !== amount;

/** Names that begin one another: a channel's name holds two of them, and `startsWith` or `includes` on it finds the wrong one. */
const prefixes = ["P1", "P10", "P11", "P100", "a", "ab", "abc", "x", "x y", "1", "12"];
/** Names that differ only in case: a name lowercased, or compared without case, is another process's. */
const cases = ["a", "A", "alice", "Alice", "ALICE", "p0", "P0", "b", "B"];
/** Names with the `#` of a message's id: the id "a#1#2" is a#1's second send. */
const hashes = ["#", "a#1", "a#", "#1", "b#2#", "n#"];
/** Names that end another: a channel's name ends with its receiver's, and `endsWith` on it finds a process whose name ends so. */
const suffixes = ["1", "21", "11", "a", "ba", "P1", "xP1"];
/** Names one of which begins the other's message ids: a's first send is a#1, and a#1's is a#1#1. */
const idPrefixes = ["a", "a#1", "b", "b#1", "x#"];
/** Names with the `-` and `>` of a channel's name (never `->` itself): "a-" to ">b" is the channel "a-->>b". */
const arrows = ["-", ">", "a-", ">b", "x-y", "a>b", "<-", "=>", "--", ">>", "-1"];
/** Names and the same with a - after them: "a-->x" begins with "a-" and with "a". */
const dashed = ["a", "a-", "P1", "P1-", "x y", "x y-"];
/** Names the same once their spaces at either end are trimmed. */
const spaced = ["a", " a", "a ", " a ", "b", "b ", "P1", " P1", "P1 "];
/** Names the same once a zero-width space, the invisible character code that cleans names drops first, is dropped. */
const invisible = ["ab", "a\u200bb", "xy", "x\u200by"];
/** Names the same once each run of spaces of any kind (no-break, thin, ideographic, two in a row) is made one space. */
const unspaced = ["a b", "a\u00a0b", "a  b", "x y", "x\u00a0y", "x\u3000y"];
/** Names that hold both words a view's recordings are told with (open, closed): code that searches a view's JSON for them finds a name. */
const viewWords = ["Copenhagen, closed", "reopened/closed", "unclosed open", "closed-open"];
/** Names of digits that are the same number: `Number(name)` or `parseInt(name)` mistakes one for another, as does code that reads only names of digits as numbers. */
const sameNumbers = ["1", "01", "001", "2", "02", "0", "00", "10", "010"];
/** Names of a letter and a number, some of them the same number (code that knows P0, P1, ... by parseInt(name.slice(1)) takes one for another). */
const renumbered = ["P1", "Q1", "p1", "P01", "P2", "Q2", "N2"];
/** Names the same once Unicode-normalised (an accent composed or combining, the Ångström and Ohm signs), and beside them a ligature and full-width digits, the same only in compatibility forms (NFKC). */
const unicode = ["é", "e\u0301", "Å", "A\u030a", "\u212b", "Ω", "\u2126", "ﬁ", "fi", "１", "1"];
/** Names a JavaScript object already has: `{}[name]` is a function, `name in {}` is true. */
const objectNames = ["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];
/** Names an array, a Map or a Set already has: `arr[name]`, `map[name] = ...` (brackets on a Map) read or write its own. */
const collectionNames = ["length", "size"];
const words = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "Alice", "Bob"];
/** Names not in Unicode's composed form (NFC): a letter and its combining accent, the Ångström and Ohm signs. */
const decomposed = unicode.filter((name) => name !== name.normalize("NFC"));
/** Names beyond the Basic Multilingual Plane: each such character is two UTF-16 code units (a surrogate pair). */
const astral = ["\u{1F3E6}", "\u{1D400}", "a\u{1F4B0}", "\u{10348}x"];
const integers = ["0", "1", "2", "3", "7", "10", "12", "20", "99"];
/** Names of twenty digits that share all but their last: as numbers they are one (past 2^53), and so are their ids' digits. */
const longDigits = Array.from({ length: 6 }, (_, k) => `${"9".repeat(19)}${k}`);
const numbered = Array.from({ length: 16 }, (_, k) => `P${k}`);
/** Long names that share all but their last characters: a name cut short is no longer the process's. */
const longNames = (length: number) => Array.from({ length: 6 }, (_, k) => `branch office of the bank, account ${String(k + 1).padStart(length - 35, "0")}`);
/**
 * Characters that code handling a name as text mistakes: a regular
 * expression's metacharacters (a name put in a pattern unescaped), quotes and
 * a backslash (JSON written by hand), a colon and a comma (a key "from:to"
 * split again, ids joined into one string), `$&` (a replacement pattern), a
 * surrogate not in a pair (which `encodeURIComponent` refuses), and a line
 * separator, which a pattern's `.` does not match. The format allows them all.
 */
const nameTraps = ":,\"'.+*?^$&|()[]{}\\\ud800\u2028";

/**
 * Names as long as the format allows, beyond the Basic Multilingual Plane but for the traps above, a # and a digit: 64
 * characters, nearly twice as many UTF-16 code units, which `length` counts. Their ids hold two #s, with the same number
 * between them in all of one sender's (a message's number is not what follows the first #).
 */
const longestAstral = ["\u{1F4B0}", "\u{1D400}", "\u{10348}", "\u{1F4B3}", "\u{1F4B5}", "\u{1F4B6}"].map(
  (last, k) => `${"\u{1F3E6}".repeat(SCENARIO_LIMITS.nameLength - 3 - nameTraps.length)}${nameTraps}${last}#${k + 1}`,
);

const mixed = [...new Set([...numbered.slice(0, 4), ...words.slice(0, 3), ...integers.slice(0, 3), ...trickyNames, ...longNames(64).slice(0, 2)])];

/** `n` distinct names from `pool`, in the order they are drawn (not sorted, not the order JavaScript keeps them in). */
const namesFrom =
  (pool: readonly string[]) =>
  (n: number): fc.Arbitrary<string[]> =>
    fc.shuffledSubarray([...pool], { minLength: n, maxLength: n });

/** A name of digits, which JavaScript lists first among an object's keys, whatever order they were set in. */
export const isDigits = (name: string): boolean => /^\d+$/.test(name);

/** Names of digits beside others (keyOrder): code that pairs them with a list by an object's key order takes one for another. */
const keyOrder = [...integers.slice(0, 4), ...words.slice(0, 4)];

/** The pools of names that can be mistaken for each other, for a steered draw to take two related ones from (feature-draws.ts). */
export const confusableNames = {
  prefixes,
  dashed,
  suffixes,
  cases,
  spaced,
  invisible,
  unspaced,
  sameNumbers,
  renumbered,
  unicode,
  idPrefixes,
  arrows,
  keyOrder,
} as const;

/** Each kind of names, `n` of them: what a steered draw asks for (feature-draws.ts). */
export const namesOfKind = {
  numbered: namesFrom(numbered),
  words: namesFrom(words),
  integers: namesFrom(integers),
  long: (n: number) => fc.integer({ min: 40, max: SCENARIO_LIMITS.nameLength }).chain((length) => namesFrom(longNames(length))(n)),
  longest: namesFrom(longNames(SCENARIO_LIMITS.nameLength)),
  longestAstral: namesFrom(longestAstral),
  tricky: namesFrom(trickyNames),
  prefixes: namesFrom(prefixes),
  hashes: namesFrom(hashes),
  arrows: namesFrom(arrows),
  cases: namesFrom(cases),
  spaced: namesFrom(spaced),
  sameNumbers: namesFrom(sameNumbers),
  unicode: namesFrom(unicode),
  astral: (n: number) => someThen(astral, n),
  decomposed: (n: number) => someThen(decomposed, n),
  objectNames: namesFrom(objectNames),
  mixed: namesFrom(mixed),
} as const;

/** `n` distinct names, as many of `pool` as there are (in a drawn order), then words. */
function someThen(pool: readonly string[], n: number): fc.Arbitrary<string[]> {
  return namesFrom(pool)(Math.min(n, pool.length)).chain((some) => namesFrom(words)(n - some.length).map((rest) => [...some, ...rest]));
}

/** `n` distinct names, `length` and `size` first (in a drawn order): drawn only where a feature asks for them, as processNames never does. */
export const collectionNamed = (n: number): fc.Arbitrary<string[]> => someThen(collectionNames, n);

/** `n` distinct names, `__proto__` first: drawn only where a feature asks for it, never where the answer is an object keyed by name. */
export const protoNamed = (n: number): fc.Arbitrary<string[]> => someThen(["__proto__"], n);

/**
 * A name string helpers mistake: placeholders of formats and templates
 * (`{}`, `{0}`, `{{to}}`, `${to}`, `<from>`, `:to`, `%1$s`, `TO`...: a
 * template filled one placeholder after another puts the next value inside
 * this name), `::` (a pair's joiner) and a # at its end (before an id's).
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the name holds a template's placeholder, as text, on purpose.
export const PLACEHOLDER_NAME = "{}{0}{1}{{to}}${to}{from}<to><from>:to:from$to%s%1$sTOFROM::x#";

/** `n` distinct names, that one first: drawn only where a feature asks for it. */
export const placeholderNamed = (n: number): fc.Arbitrary<string[]> => someThen([PLACEHOLDER_NAME], n);

/** A name of a space alone, which code that skips blank names (`!name.trim()`) takes for none. */
export const BLANK_NAME = " ";

/** `n` distinct names, that one first: drawn only where a feature asks for it. */
export const blankNamed = (n: number): fc.Arbitrary<string[]> => someThen([BLANK_NAME], n);

/**
 * Two names of 64 characters beyond the Basic Multilingual Plane, 🏦 and 💰 in the Thue–Morse order and in its
 * complement: their difference as a polynomial in B is a product of six factors B^(2^i) − 1 (i from 1 to 6) and one more,
 * which for any odd B hold 2^33 between them, so every hash h·B + c kept in 32 bits over their code units, from any
 * start, takes one for the other, whatever comes before or after them.
 */
const THUE_MORSE_TWINS = (() => {
  const ones = (k: number): number => (k === 0 ? 0 : (k & 1) + ones(k >> 1));
  const order = Array.from({ length: SCENARIO_LIMITS.nameLength }, (_, k) => ones(k) % 2 === 1);
  return [order.map((one) => (one ? "\u{1F4B0}" : "\u{1F3E6}")).join(""), order.map((one) => (one ? "\u{1F3E6}" : "\u{1F4B0}")).join("")] as const;
})();

/**
 * Two names each string hash written by hand takes for one, by hash (for
 * some of them, any two texts that differ only by one for the other too:
 * SWAPPABLE_HASH_TWINS).
 */
export const HASH_TWINS: Readonly<Record<string, readonly [string, string]>> = {
  "Java's 31h + c": ["Aa", "BB"],
  "djb2's 33h + c": ["Ab", "BA"],
  "djb2a's 33h ^ c": ["aaB", "aba"],
  "a sum of character codes, plain or each times its place": ["aacb", "abac"],
  "sdbm's 65599h + c": ["IllOa", "ZoOPq"],
  "FNV-1a's 32 bits": ["l9On", "H8aa"],
  "FNV-1's 32 bits": ["an0zh", "aBAja"],
  "ELF's (PJW's) 16h + c": ["Aa", "BQ"],
  "any h·B + c kept in 32 bits, B odd, over UTF-16 code units": THUE_MORSE_TWINS,
};

/**
 * The twins of the hashes that add a character to a multiple of the hash so far, and of a plain sum of codes: swapped
 * for each other anywhere in a longer text (the parts as JSON), they leave its hash as it was. Exercise 3's inputs are
 * asked again with one named as the other (completion-inputs.ts).
 */
export const SWAPPABLE_HASH_TWINS = (
  [
    "Java's 31h + c",
    "djb2's 33h + c",
    "sdbm's 65599h + c",
    "a sum of character codes, plain or each times its place",
    "any h·B + c kept in 32 bits, B odd, over UTF-16 code units",
  ] as const
).map((hash) => HASH_TWINS[hash]!);

/**
 * Bases of string hashes written by hand as h·B + c (Java's 31, djb2's 33, and others a learner may pick), two at a time.
 */
const hashBases = [
  [31, 33],
  [37, 131],
  [2, 257],
  [3, 127],
  [5, 101],
  [7, 97],
  [10, 61],
  [11, 59],
  [13, 53],
  [16, 47],
  [17, 43],
  [19, 41],
  [23, 29],
] as const;

/**
 * Names of three characters that a hash h·B + c takes for the last one, each for two bases B: b − (B1 + B2) and
 * c + B1·B2 after one letter more make (B − B1)(B − B2) = 0 more, the same hash for those two (and, texts of one length
 * before or after them being alike, for every id and channel name they begin or end).
 */
export const POLYNOMIAL_TWINS: readonly string[] = [
  ...hashBases.map(([b1, b2]) => String.fromCharCode(0x62, 0x4e00 - (b1 + b2), 0x4e00 + b1 * b2)),
  String.fromCharCode(0x61, 0x4e00, 0x4e00),
];

/** `n` distinct names of twenty digits: drawn only where a feature asks for them. */
export const longDigitsNamed = namesFrom(longDigits);

/**
 * Two names of 64 characters beyond the Basic Multilingual Plane that begin alike for more than 64 UTF-16 code units:
 * code that cuts a name to 64 of them, taking the format's most characters for code units, takes one for the other.
 */
export const CUT_TWINS_NAMES: readonly [string, string] = [longestAstral[0]!, longestAstral[1]!];

/** 63 characters beyond the Basic Multilingual Plane. */
const moneyBags = "\u{1F4B0}".repeat(SCENARIO_LIMITS.nameLength - 1);

/**
 * Two names of 64 characters that differ only in their first: the other 63 beyond the Basic Multilingual Plane, so that
 * their last 126 UTF-16 code units, and their ids' last 128, are alike. Code that keys names or ids by their end takes
 * one for the other.
 */
export const END_TWINS_NAMES: readonly [string, string] = [`a${moneyBags}`, `b${moneyBags}`];

/** Two names of twenty digits, one number to code that reads them as numbers (Number, parseInt, a key of their digits). */
export const LONG_DIGITS_TWINS_NAMES: readonly [string, string] = [longDigits[0]!, longDigits[1]!];

/** `n` distinct names, these two first: drawn only where a feature asks for them. */
export const twinsNamed =
  (twins: readonly [string, string]) =>
  (n: number): fc.Arbitrary<string[]> =>
    someThen(twins, n);

/** `n` distinct names, the two twins first and in their order: for a draw that lists channels in their processes' order. */
export const twinsInOrder =
  (twins: readonly [string, string]) =>
  (n: number): fc.Arbitrary<string[]> =>
    namesFrom(words)(n - twins.length).map((rest) => [...twins, ...rest]);

/** Two names one in UTF-8: an unpaired surrogate is encoded as U+FFFD is, so code that keys a name by its bytes takes one for the other. */
export const UTF8_TWINS_NAMES: readonly [string, string] = ["w\ud800", "w\ufffd"];

/**
 * Two names that UTF-16 code units order one way (as a view's received ids are sorted) and code points, or UTF-8 bytes,
 * the other: a character from U+E000 to U+FFFF and one beyond the Basic Multilingual Plane. Code that searches a sorted
 * list comparing the other way misses one of them.
 */
export const ORDER_TWINS_NAMES: readonly [string, string] = ["\uff42", "\u{1f3e6}"];

/** `n` distinct names, the first of two twins first and not the other: an input asked again with it named as the other (completion-inputs.ts). */
export const twinFirstNamed =
  (twins: readonly [string, string]) =>
  (n: number): fc.Arbitrary<string[]> =>
    someThen(twins.slice(0, 1), n);

/** `n` distinct names, those that hold open and closed first (in a drawn order): drawn only where a feature asks for them. */
export const viewWordsNamed = (n: number): fc.Arbitrary<string[]> => someThen(viewWords, n);

/** `n` distinct names of any kind. */
export function processNames(n: number): fc.Arbitrary<string[]> {
  const weights: Partial<Record<keyof typeof namesOfKind, number>> = { numbered: 2, tricky: 2, mixed: 3 };
  return fc.oneof(...Object.entries(namesOfKind).map(([kind, names]) => ({ weight: weights[kind as keyof typeof namesOfKind] ?? 1, arbitrary: names(n) })));
}

/**
 * `n` distinct names: for each of `kinds`, two from its pool that are
 * related (`related(a, b)`), and the rest from their pools (those that
 * `others` keeps, if given), in a drawn order.
 */
export function namesWithPairs(
  kinds: readonly { pool: readonly string[]; related: (a: string, b: string) => boolean }[],
  others: (name: string) => boolean = () => true,
): (n: number) => fc.Arbitrary<string[]> {
  const pairsOf = ({ pool, related }: (typeof kinds)[number]) => pool.flatMap((a) => pool.filter((b) => a !== b && related(a, b)).map((b) => [a, b]));
  const all = [...new Set(kinds.flatMap((k) => k.pool))].filter(others);
  return (n) =>
    fc
      .tuple(...kinds.map((kind) => fc.constantFrom(...pairsOf(kind))))
      .filter((pairs) => new Set(pairs.flat()).size === pairs.length * 2)
      .chain((pairs) =>
        fc
          .shuffledSubarray(
            all.filter((name) => !pairs.flat().includes(name)),
            { minLength: n - 2 * pairs.length, maxLength: n - 2 * pairs.length },
          )
          .chain((others) => fc.shuffledSubarray([...pairs.flat(), ...others], { minLength: n, maxLength: n })),
      );
}

/** Each kind of balance: zero, negative, small, 100, past 32 bits either way. */
export const balanceOfKind = {
  zero: fc.constant(0),
  negative: fc.integer({ min: -1000, max: -1 }),
  small: fc.integer({ min: 1, max: 1000 }),
  hundred: fc.constant(100),
  large: fc.integer({ min: PAST_32_BITS, max: MAX_BALANCE }),
  largeNegative: fc.integer({ min: -MAX_BALANCE, max: -PAST_32_BITS }),
} as const;

const balance = fc.oneof(...Object.values(balanceOfKind));

/** `n` balances: all the same, or each its own. */
export function balancesOf(n: number): fc.Arbitrary<number[]> {
  return fc.oneof(
    balance.map((b) => Array.from({ length: n }, () => b)),
    fc.array(balance, { minLength: n, maxLength: n }),
  );
}

/** `n` balances, every one of this kind. */
export const balancesAll = (kind: fc.Arbitrary<number>) => (n: number) => many(n, kind);

/** `n` balances as balancesOf draws them, one of them (any) of this kind. */
export function balancesWithOne(kind: fc.Arbitrary<number>): (n: number) => fc.Arbitrary<number[]> {
  return (n) => fc.tuple(balancesOf(n), fc.nat(n - 1), kind).map(([balances, p, b]) => balances.map((old, q) => (q === p ? b : old)));
}

const smallAmount = fc.integer({ min: 1, max: 20 });
const largeAmount = fc.oneof(fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 32, PAST_32_BITS), fc.integer({ min: PAST_32_BITS, max: LARGEST_AMOUNT }));
const amount = fc.oneof(smallAmount, largeAmount);

/**
 * `count` amounts, in the order the transfers are made. A mix: distinct
 * powers of two (times 1, 3 or 10), whose every set adds up to its own
 * total, so that a message lost or counted twice always shows; one amount
 * for all; two amounts taking turns; any amounts, small or past 32 bits.
 */
export function amountsOf(count: number): fc.Arbitrary<number[]> {
  const { powers, same, turns, any } = amountsOfKind;
  return fc.oneof(
    { weight: 3, arbitrary: powers(count) },
    { weight: 1, arbitrary: same(count) },
    { weight: 2, arbitrary: turns(count) },
    { weight: 2, arbitrary: any(count) },
  );
}

/** Each kind of amounts, `count` of them: what a steered draw asks for (feature-draws.ts). */
export const amountsOfKind = {
  /** Distinct powers of two times 1, 3 or 10, rising. */
  powers: (count: number) => fc.constantFrom(1, 3, 10).map((c) => Array.from({ length: count }, (_, k) => c * 2 ** k)),
  /** The same, falling. */
  falling: (count: number) => amountsOfKind.powers(count).map((amounts) => amounts.reverse()),
  same: (count: number) => amount.map((a) => Array.from({ length: count }, () => a)),
  turns: (count: number) => fc.tuple(amount, amount, many(count, fc.boolean())).map(([a, b, turns]) => turns.map((first) => (first ? a : b))),
  any: (count: number) => many(count, amount),
  /** Any amounts up to 20. */
  small: (count: number) => many(count, smallAmount),
  large: (count: number) => many(count, largeAmount),
  /** The largest amount drawn first, then any. */
  largest: (count: number) => many(count, amount).map((amounts) => [LARGEST_AMOUNT, ...amounts.slice(1)]),
};

const many = <T>(count: number, one: fc.Arbitrary<T>) => fc.array(one, { minLength: count, maxLength: count });

/** The magnitudes of `balances` and `amounts` added up: at most MAX_MONEY in a scenario the format reads. */
export function moneyOf(balances: readonly number[], amounts: readonly number[]): number {
  return [...balances, ...amounts].reduce((sum, m) => sum + Math.abs(m), 0);
}

/**
 * `balances` with the one at `process` grown (in its sign) until all the
 * money reaches MAX_MONEY exactly: the largest sums the format allows.
 */
export function atTheLimit(balances: readonly number[], amounts: readonly number[], process: number, negative: boolean): number[] {
  const rest = moneyOf(
    balances.filter((_, p) => p !== process),
    amounts,
  );
  return balances.map((b, p) => (p === process ? (negative ? -1 : 1) * (MAX_MONEY - rest) : b));
}
