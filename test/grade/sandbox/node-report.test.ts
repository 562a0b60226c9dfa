// Node's report of its own death, told apart from what the submission printed before it.
import { describe, expect, it } from "vitest";
import { reportHeadline, splitNodeReport } from "../../../src/grade/sandbox/node-report.js";

// As Node 20 printed it for rules that filled the heap (shortened: 16 native frames in all).
const heapReport = [
  "<--- Last few GCs --->",
  "",
  "[2:0x3a527450]      414 ms: Mark-Compact (reduce) 256.0 (259.5) -> 256.0 (259.5) MB, 15.82 / 0.00 ms  (average mu = 0.474, current mu = 0.062) allocation failure; scavenge might not succeed",
  "",
  "",
  "<--- JS stacktrace --->",
  "",
  "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
  "----- Native stack trace -----",
  "",
  " 1: 0xb78db3 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [/node]",
  " 2: 0xee8300 v8::Utils::ReportOOMFailure(v8::internal::Isolate*, char const*, v8::OOMDetails const&) [/node]",
  "16: 0x195e476  [/node]",
  "",
].join("\n");

// As V8 prints a heap that fills as node starts.
const startReport = [
  "#",
  "# Fatal javascript OOM in GC during deserialization",
  "#",
  "",
  "----- Native stack trace -----",
  "",
  " 1: 0xb78db3  [/node]",
  "",
].join("\n");

describe("splitNodeReport", () => {
  it("should keep what the submission printed, without the blank line Node starts its report with", () => {
    expect(splitNodeReport(`debug: hoarding\n  still\n\n${heapReport}`)).toEqual({ printed: "debug: hoarding\n  still\n", report: heapReport });
    expect(reportHeadline(heapReport)).toBe("FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory");
  });

  it("should find the report's other forms, and print nothing of them when the submission printed nothing", () => {
    expect(splitNodeReport(`\n${startReport}`)).toEqual({ printed: "", report: startReport });
    expect(reportHeadline(startReport)).toBe("# Fatal javascript OOM in GC during deserialization");
    expect(splitNodeReport("FATAL ERROR: v8::ToLocalChecked Empty MaybeLocal\n----- Native stack trace -----\n")).toMatchObject({ printed: "" });
  });

  it("should leave what a submission printed whole where Node reported nothing, an uncaught error's report included", () => {
    const uncaught =
      'file:///submission.mjs:3\n  throw new TypeError("later");\n\nTypeError: later\n    at Immediate.<anonymous> (file:///submission.mjs:3:9)\n\nNode.js v20.19.0\n';
    expect(splitNodeReport(uncaught)).toEqual({ printed: uncaught, report: "" });
    expect(reportHeadline("")).toBeUndefined();
  });
});
