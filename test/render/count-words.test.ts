import { describe, expect, it } from "vitest";
import { plural } from "../../src/render/count-words.js";

describe("the words that go with a count", () => {
  it("should say one thing in the singular, and a noun with its own plural as told", () => {
    expect([plural("channel", 1), plural("channel", 0), plural("channel", 2)]).toEqual(["channel", "channels", "channels"]);
    expect([plural("process", 1, "processes"), plural("process", 3, "processes")]).toEqual(["process", "processes"]);
  });
});
