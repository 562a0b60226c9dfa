// A JSON mistake is placed by line and column, as an editor shows them, whatever V8's message
// gives (a character position, or for an unexpected token none); the places are worked out by hand.
import { describe, expect, it } from "vitest";
import { JsonRepeatedKeyError, JsonSyntaxError, parseJson } from "../../src/files/parse-json.js";

const mistake = (text: string): string => {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError || error instanceof JsonRepeatedKeyError) return error.message;
    throw error;
  }
  throw new Error("parsed");
};

describe("parseJson", () => {
  it("should parse JSON as JSON.parse does", () => {
    expect(parseJson('{ "a": [1, "b"] }')).toEqual({ a: [1, "b"] });
  });

  it("should place a mistake V8 gives a position for by line and column", () => {
    // A trailing comma: the } on line 3 is where a name was expected.
    expect(mistake('{\n  "processes": { "P0": 100,\n  }\n}')).toBe("line 3, column 3: expected double-quoted property name");
    // The letter O for a zero: V8 stops at it.
    expect(mistake('{ "P1": 1O0 }')).toBe("line 1, column 10: expected ',' or '}' after property value");
  });

  it("should place a mistake V8 gives no position for (an unexpected token)", () => {
    expect(mistake('{ "initiators": [ "P0", ] }')).toBe("line 1, column 25: unexpected token ']'");
    // The misspelt literal ends at the line break, which V8 names: as \n, on one line.
    expect(mistake('{\n  "fifo": tru\n}')).toBe("line 2, column 14: unexpected token '\\n'");
    expect(mistake("xyz")).toBe("line 1, column 1: unexpected token 'x'");
  });

  it("should count columns in characters, and lines by newlines, a carriage return before them or not", () => {
    expect(mistake('{ "é": 1, "ü": [1,] }')).toBe("line 1, column 19: unexpected token ']'");
    expect(mistake('{\r\n  "a": 1,\r\n}')).toBe("line 3, column 1: expected double-quoted property name");
  });

  it("should say a text that ends too soon was most likely cut short", () => {
    const cutShort = "the text ends before the JSON does (cut short?)";
    expect(mistake('{\n  "name": "x"')).toBe(`line 2, column 14: ${cutShort}`);
    expect(mistake('{ "a": tr')).toBe(`line 1, column 10: ${cutShort}`);
    expect(mistake("")).toBe(`line 1, column 1: ${cutShort}`);
  });

  it("should refuse a key given twice in one object, naming its path and both its lines", () => {
    // JSON.parse would read this as { P1: 5 }: the first balance gone without a word.
    expect(mistake('{\n  "processes": {\n    "P0": 100,\n    "P1": 100,\n    "P1": 5\n  }\n}')).toBe(
      "processes.P1: given twice, on lines 4 and 5 (an object may have each key once)",
    );
    expect(mistake('{ "fifo": true, "fifo": false }')).toBe("fifo: given twice, on line 1 (an object may have each key once)");
    expect(mistake('{ "programs": { "P0": [{ "to": "P1" }, { "to": "P1", "amount": 1, "to": "P0" }] } }')).toBe(
      "programs.P0[1].to: given twice, on line 1 (an object may have each key once)",
    );
    // The same key once written with an escape: JSON.parse takes both as "P1".
    expect(mistake('{ "P1": 1,\r\n  "P\\u0031": 2 }')).toBe("P1: given twice, on lines 1 and 2 (an object may have each key once)");
  });

  it("should take the same key in different objects", () => {
    expect(parseJson('{ "a": { "x": 1 }, "b": { "x": 2 }, "c": [{ "x": 3 }, { "x": 4 }] }')).toEqual({ a: { x: 1 }, b: { x: 2 }, c: [{ x: 3 }, { x: 4 }] });
  });
});
