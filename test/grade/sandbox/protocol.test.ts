// The grader's check of a child's replies: a reply is trusted only as the plain data it must be,
// for the request it answers.
import { describe, expect, it } from "vitest";
import { type Asked, callOf, checkedReply, posted } from "../../../src/grade/sandbox/protocol.js";

const load: Asked = { type: "load" };
const twoCalls: Asked = { type: "calls", count: 2 };

describe("a request as the child gets it", () => {
  it("should say what it asks and carry the child's line, JSON ending in a newline", () => {
    const calls = [callOf("rules.initiate", [{ id: "A" }]), callOf("rules.onMarker", [])];
    expect(calls[0]).toEqual({ path: "rules.initiate", input: `[{"id":"A"}]` });
    expect(posted({ type: "calls", calls })).toEqual({
      asked: twoCalls,
      line: `{"type":"calls","calls":[{"path":"rules.initiate","input":"[{\\"id\\":\\"A\\"}]"},{"path":"rules.onMarker","input":"[]"}]}\n`,
    });
    expect(posted({ type: "load" })).toEqual({ asked: load, line: `{"type":"load"}\n` });
  });
});

describe("checking a child's reply", () => {
  it("should keep a well-formed reply, and only its fields", () => {
    expect(checkedReply(`{"type":"loaded"}`, load)).toEqual({ type: "loaded" });
    expect(checkedReply(`{"type":"failed","failure":{"kind":"load","message":"boom","extra":1}}`, load)).toEqual({
      type: "failed",
      failure: { kind: "load", message: "boom" },
    });
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true,"json":"[1]","x":2},{"ok":false,"fault":"throws","message":"m"}]}`, twoCalls)).toEqual({
      type: "answers",
      answers: [
        { ok: true, json: "[1]" },
        { ok: false, fault: "throws", message: "m" },
      ],
    });
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true},{"ok":true}]}`, twoCalls)).toEqual({
      type: "answers",
      answers: [
        { ok: true, json: undefined },
        { ok: true, json: undefined },
      ],
    });
  });

  it("should keep where a call or the loading threw, as places in the bundle, and refuse anything else there", () => {
    const threw = (at: string) => checkedReply(`{"type":"answers","answers":[{"ok":false,"fault":"throws","message":"m","at":${at}}]}`, twoCalls);
    expect(threw("[[16,11],[40,3]]")).toEqual({
      type: "answers",
      answers: [
        {
          ok: false,
          fault: "throws",
          message: "m",
          at: [
            [16, 11],
            [40, 3],
          ],
        },
      ],
    });
    const places = JSON.stringify(Array.from({ length: 11 }, () => [1, 1]));
    const loading = (at: string) => checkedReply(`{"type":"failed","failure":{"kind":"load","message":"m","at":${at}}}`, load);
    expect(loading("[[3,7]]")).toEqual({ type: "failed", failure: { kind: "load", message: "m", at: [[3, 7]] } });
    for (const forged of ["[16,11]", "[[16]]", "[[0,1]]", "[[1.5,2]]", '[["16","11"]]', "[[1,2,3]]", "{}", "null", places]) {
      expect(threw(forged), forged).toBe("sent a malformed answer");
      expect(loading(forged), forged).toBe("sent a malformed reply to loading");
    }
  });

  it("should cap a reason's length", () => {
    const reply = checkedReply(JSON.stringify({ type: "failed", failure: { kind: "load", message: "x".repeat(10_000) } }), load);
    expect(typeof reply === "object" && reply.type === "failed" && reply.failure.message.length).toBe(2000);
  });

  it("should say what is wrong with anything else", () => {
    expect(checkedReply(`{"type":"loaded"}`, undefined)).toBe("sent a reply when none was asked for");
    expect(checkedReply(`{"type":"loaded"`, load)).toBe("sent a reply that is not JSON");
    expect(checkedReply(`[1]`, load)).toBe("sent a reply that is not an object");
    expect(checkedReply(`{"type":"loaded","also":1}`, load)).toBe("sent a malformed reply to loading");
    expect(checkedReply(`{"type":"failed","failure":{"kind":"timeout","message":"forged"}}`, load)).toBe("sent a malformed reply to loading");
    expect(checkedReply(`{"type":"answers","answers":[]}`, load)).toBe("sent a malformed reply to loading");
    expect(checkedReply(`{"type":"loaded"}`, twoCalls)).toBe("sent a malformed reply to a batch of calls");
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true}]}`, twoCalls)).toBe("sent a malformed reply to a batch of calls");
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true},7]}`, twoCalls)).toBe("sent an answer that is not an object");
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true},{"ok":true,"json":"{nope"}]}`, twoCalls)).toBe("sent a malformed answer");
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true},{"ok":false,"fault":"grader","message":"m"}]}`, twoCalls)).toBe("sent a malformed answer");
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true},{"ok":"yes"}]}`, twoCalls)).toBe("sent a malformed answer");
  });
});
