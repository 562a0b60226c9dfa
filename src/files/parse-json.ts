/**
 * JSON.parse, with a mistake placed as a person looks for it: by line and
 * column. V8 says "in JSON at position 261", a count of characters no editor
 * shows, and for an unexpected token no place at all. A key given twice in one
 * object is refused too: JSON.parse keeps the last and drops the first without
 * a word, so `"P1": 100, "P1": 5` would quietly be 5.
 */
import { type JSONPath, visit } from "jsonc-parser";

/** Text that is not JSON: where (1-based line and column, in characters) and what is wrong there. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
  }
}

/** A key given twice in one object: where it is (`processes.P1`, as a caller names a field) and what is wrong there, with its lines. */
export class JsonRepeatedKeyError extends Error {
  readonly problem: string;

  constructor(
    readonly path: string,
    readonly firstLine: number,
    readonly line: number,
  ) {
    const problem = `given twice, ${firstLine === line ? `on line ${line}` : `on lines ${firstLine} and ${line}`} (an object may have each key once)`;
    super(`${path}: ${problem}`);
    this.problem = problem;
  }
}

export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = mistakeAt(text, message);
    const { line, column } = lineAndColumn(text, at);
    // Stopped where the text stops: whatever V8 expected next, the file was most likely cut short.
    throw new JsonSyntaxError(line, column, at >= text.trimEnd().length ? "the text ends before the JSON does (cut short?)" : problemOf(message));
  }
  refuseRepeatedKeys(text);
  return value;
}

/** Throws a JsonRepeatedKeyError for the first key, in the order of the text, that its object has already; `text` is JSON. */
function refuseRepeatedKeys(text: string): void {
  // Per object open around the key being read, its keys so far and where each was.
  const open: Map<string, number>[] = [];
  let repeated: JsonRepeatedKeyError | undefined;
  visit(text, {
    onObjectBegin: () => {
      open.push(new Map());
    },
    onObjectEnd: () => {
      open.pop();
    },
    onObjectProperty: (key, offset, _length, _line, _column, pathOf) => {
      const keys = open.at(-1)!;
      const first = keys.get(key);
      if (first === undefined) keys.set(key, offset);
      else repeated ??= new JsonRepeatedKeyError(fieldPath([...pathOf(), key]), lineAndColumn(text, first).line, lineAndColumn(text, offset).line);
    },
  });
  if (repeated) throw repeated;
}

/** A path as the messages name a field: `processes.P1`, `programs.P0[2].to`. */
const fieldPath = (path: JSONPath): string => path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");

const atPosition = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/;
const endOfInput = /^Unexpected end of JSON input$/;

/** Where JSON.parse stopped on `text`, as a character index: V8's position where it gives one, else found from where its prefixes stop parsing. */
function mistakeAt(text: string, message: string): number {
  const at = atPosition.exec(message);
  if (at) return Number(at[1]);
  if (endOfInput.test(message)) return text.length;
  // "Unexpected token 'x', "...x..." is not valid JSON": the mistake is the first character whose prefix is no longer the beginning of some JSON.
  let [good, bad] = [0, text.length];
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (beginsJson(text.slice(0, middle))) good = middle;
    else bad = middle;
  }
  return bad - 1;
}

/** Whether `prefix` is JSON, or could become JSON with more text after it: it fails, if at all, only at its end. */
function beginsJson(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    return endOfInput.test(message) || Number(atPosition.exec(message)?.[1]) === prefix.length;
  }
}

/** V8's words without the place: "Expected ',' or '}' after property value", "Unexpected token 'x'". */
function problemOf(message: string): string {
  // The token and V8's snippet of the text around it ("...a": tru}" is not valid JSON): the token alone, the place says the rest.
  const words = message.replace(atPosition, "").replace(/^(Unexpected token '.+?'), .* is not valid JSON$/s, "$1");
  // A token that is a line break or a tab, written as JSON writes it: the message stays one line.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is escaped
  const visible = words.replace(/[\u0000-\u001f]/g, (c) => JSON.stringify(c).slice(1, -1));
  return visible.charAt(0).toLowerCase() + visible.slice(1);
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: Array.from(before.at(-1)!).length + 1 };
}
