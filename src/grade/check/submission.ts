/**
 * A submission's exported functions, as the grader calls them: through a
 * sandbox, or (for the grader's own tests) in this process with the same
 * checks. Answers are remembered, so each distinct question is asked once,
 * and a few are asked again at the end to catch rules that keep hidden state.
 */
import { answer } from "../sandbox/harness.js";
import type { Answer, Call } from "../sandbox/protocol.js";
import type { Sandbox } from "../sandbox/sandbox.js";
import { RuleFault } from "./rule-fault.js";

export interface Submission {
  /** Calls the function exported at `path`; throws RuleFault if it breaks the contract. `context` names the call in a reason. */
  call(path: string, args: readonly unknown[], context: string): unknown;
  /** Asks some earlier questions again; throws RuleFault if an answer changed. */
  recheck(): void;
}

/** How many remembered answers `recheck` asks for again. */
const RECHECKED = 32;

function remembering(ask: (calls: readonly Call[]) => readonly Answer[]): Submission {
  const answers = new Map<string, { call: Call; answer: Answer; context: string }>();
  return {
    call(path, args, context) {
      const call = { path, args };
      const key = `${path}:${JSON.stringify(args)}`;
      let known = answers.get(key);
      if (!known) {
        known = { call, answer: ask([call])[0]!, context };
        answers.set(key, known);
      }
      return valueOf(known.answer, context);
    },
    recheck() {
      const earlier = [...answers.values()].slice(0, RECHECKED);
      const again = ask(earlier.map((e) => e.call));
      earlier.forEach(({ answer, context }, i) => {
        const now = again[i]!;
        const [before, after] = [JSON.stringify(answer), JSON.stringify(now)];
        if (before !== after) {
          const said = (a: Answer) => (a.ok ? a.json : a.message);
          throw new RuleFault("non-deterministic", `${context} answered ${said(answer)} the first time and ${said(now)} when asked again later`);
        }
      });
    },
  };
}

function valueOf(answer: Answer, context: string): unknown {
  if (!answer.ok) {
    throw new RuleFault(answer.fault, answer.fault === "missing" ? `the submission ${answer.message}` : `${context} ${answer.message}`);
  }
  return answer.json === undefined ? undefined : JSON.parse(answer.json);
}

export function sandboxedSubmission(sandbox: Sandbox): Submission {
  return remembering((calls) => sandbox.call(calls));
}

/** A module already loaded in this process (trusted code: the grader's tests). */
export function inProcessSubmission(module: Record<string, unknown>): Submission {
  return remembering((calls) => calls.map((call) => answer(module, call)));
}
