// Questions cross to a sandbox in batches, whose answers stop at the first that breaks the contract:
// the grader takes such a shorter reply and no other (batches.system.test.ts asks a real sandbox).
import { describe, expect, it } from "vitest";
import { type Asked, checkedReply } from "../../../src/grade/sandbox/protocol.js";

const threeCalls: Asked = { type: "calls", count: 3 };

describe("a batch's reply", () => {
  it("should be taken shorter than its batch only when it ends at an answer that breaks the contract", () => {
    const fault = `{"ok":false,"fault":"throws","message":"threw"}`;
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true,"json":"1"},${fault}]}`, threeCalls)).toEqual({
      type: "answers",
      answers: [
        { ok: true, json: "1" },
        { ok: false, fault: "throws", message: "threw" },
      ],
    });
    expect(checkedReply(`{"type":"answers","answers":[{"ok":true,"json":"1"},{"ok":true,"json":"2"}]}`, threeCalls)).toBe(
      "sent a malformed reply to a batch of calls",
    );
    expect(checkedReply(`{"type":"answers","answers":[]}`, threeCalls)).toBe("sent a malformed reply to a batch of calls");
    expect(checkedReply(`{"type":"answers","answers":[${fault},${fault},${fault},${fault}]}`, threeCalls)).toBe("sent a malformed reply to a batch of calls");
  });
});
