/**
 * Node's own report of a fatal error (the heap limit reached, a V8 check
 * failed), which it prints to the child's stderr as it dies: the last GCs, a
 * FATAL ERROR line and a native stack trace of thirty lines. It is not what
 * the submission printed, which a learner reads to debug their rules (explore
 * --rules shows it), and the grader's one-line failure says the cause itself.
 */

/** Where Node's fatal report begins: the first line of any of its forms, a `#` line before `# Fatal ...` included. */
const REPORT_START = /^(?:<--- Last few GCs --->|<--- JS stacktrace --->|FATAL ERROR: |----- Native stack trace -----|(?:#\n)?# Fatal )/m;

/** The line that says why Node died ("FATAL ERROR: Reached heap limit ...", "# Fatal javascript OOM in ..."). */
const HEADLINE = /^(?:FATAL ERROR: .*|# Fatal .*)$/m;

/** `text` split where Node's fatal report begins: what came before it (trailing blank lines dropped), and the report ("" when there is none). */
export function splitNodeReport(text: string): { printed: string; report: string } {
  const start = REPORT_START.exec(text)?.index;
  if (start === undefined) return { printed: text, report: "" };
  const printed = text.slice(0, start).replace(/\n\s*$/, "");
  return { printed: printed === "" ? "" : `${printed}\n`, report: text.slice(start) };
}

/** The line of Node's fatal report that says why it died, if it has one. */
export function reportHeadline(report: string): string | undefined {
  return HEADLINE.exec(report)?.[0];
}
