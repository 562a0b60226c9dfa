/**
 * The page's address: what `writeLink` writes, `readLink` reads back, for any
 * scenario text (any Unicode in base64url), rules, channel order and path.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readLink, toBase64Url, writeLink } from "../../src/web/page/link.js";

const address = (written: string) => {
  const url = new URL(written, "http://127.0.0.1:1/");
  return { search: url.search, hash: url.hash };
};

describe("the page's address", () => {
  it("reads back what it wrote, for a pasted scenario or a shipped one", () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom("two-node.json", "case-studies/dataflow-aligned.json"), { nil: undefined }),
        fc.string({ unit: "grapheme", minLength: 1 }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.constantFrom("chandy-lamport", "defer-after-recording", "at-least-once"), { nil: undefined }),
        fc.array(fc.nat(20), { maxLength: 12 }),
        (scenario, json, fifo, algorithm, path) => {
          const link = { ...(scenario ? { scenario } : { json }), ...(fifo === undefined ? {} : { fifo }), ...(algorithm ? { algorithm } : {}), path };
          expect(readLink(address(writeLink(link)))).toEqual({ ...link, explore: false });
        },
      ),
    );
  });

  it("reads the contract's fields as a test or a teacher writes them by hand", () => {
    const json = '{"processes":{"P0":100}}';
    expect(readLink(address(`?fifo=0&algorithm=defer-after-recording&explore=1&path=2.0.1#json=${Buffer.from(json).toString("base64url")}`))).toEqual({
      json,
      fifo: false,
      algorithm: "defer-after-recording",
      path: [2, 0, 1],
      explore: true,
    });
    expect(readLink(address("?scenario=three-node.json&fifo=2&path=1.x.3"))).toEqual({ scenario: "three-node.json", path: [1, 3], explore: false });
    expect(toBase64Url("P0→P1 ✓")).toBe(Buffer.from("P0→P1 ✓").toString("base64url"));
  });
});
