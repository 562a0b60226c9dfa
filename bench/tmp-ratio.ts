import { check } from "../src/check/check.js";
import { sandboxedSubmission } from "../src/grade/check/submission.js";
import { submittedRules } from "../src/grade/check/submitted-rules.js";
import { defaultLimits } from "../src/grade/grade.js";
import { submissionBundle } from "../src/grade/sandbox/bundle.js";
import { Sandbox } from "../src/grade/sandbox/sandbox.js";
import { bankModel } from "../src/models/bank/bank-model.js";
import { loadModelScenario } from "../src/models/load-model-scenario.js";
import { chandyLamport } from "../src/models/bank/algorithms/chandy-lamport.js";
const bundle = await submissionBundle("bench/reference-rules.ts", "reference-rules.ts", process.cwd());
const rounds = Number(process.env.ROUNDS ?? 3);
for (const name of process.argv.slice(2)) {
  const { scenario } = loadModelScenario(`spec/scenarios/${name}.json`) as any;
  let best = { compact: Infinity, copy: Infinity, sandbox: Infinity };
  let states = 0;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    states = check({ model: bankModel, scenario }).states;
    best.compact = Math.min(best.compact, performance.now() - t);
    t = performance.now();
    check({ model: bankModel, scenario }, { rules: { ...chandyLamport, name: "copy" }, maxStates: 5e6 });
    best.copy = Math.min(best.copy, performance.now() - t);
    const sandbox = new Sandbox(bundle, defaultLimits);
    sandbox.load();
    const submission = sandboxedSubmission(sandbox);
    t = performance.now();
    check({ model: bankModel, scenario }, { rules: submittedRules(submission, scenario), ...(process.env.NOGATHER ? {} : { gather: (run: () => void) => submission.gather(run) }), maxStates: 5e6 });
    best.sandbox = Math.min(best.sandbox, performance.now() - t);
    await sandbox.close();
  }
  console.log(`${name} ${states}: compact ${best.compact.toFixed(0)} ms, copy ${best.copy.toFixed(0)} ms (${(best.copy / best.compact).toFixed(1)}x), sandbox ${best.sandbox.toFixed(0)} ms (${(best.sandbox / best.compact).toFixed(1)}x)`);
}
