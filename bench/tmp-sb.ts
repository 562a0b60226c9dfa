import { check } from "../src/check/check.ts";
import { sandboxedSubmission } from "../src/grade/check/submission.ts";
import { submittedRules } from "../src/grade/check/submitted-rules.ts";
import { defaultLimits } from "../src/grade/grade.ts";
import { submissionBundle } from "../src/grade/sandbox/bundle.ts";
import { Sandbox } from "../src/grade/sandbox/sandbox.ts";
import { bankModel } from "../src/models/bank/bank-model.ts";
import { loadModelScenario } from "../src/models/load-model-scenario.ts";
const bundle = await submissionBundle("bench/reference-rules.ts", "reference-rules.ts", process.cwd());
for (const name of process.argv.slice(2)) {
  const { scenario } = loadModelScenario(`spec/scenarios/${name}.json`) as any;
  const sandbox = new Sandbox(bundle, defaultLimits);
  sandbox.load();
  const submission = sandboxedSubmission(sandbox);
  const rules = submittedRules(submission, scenario);
  const t = performance.now();
  const r = check({ model: bankModel, scenario }, { rules, ...(process.env.NOGATHER ? {} : { gather: (run: () => void) => submission.gather(run) }), maxStates: 5e6 });
  const ms = performance.now() - t;
  const c = check({ model: bankModel, scenario });
  console.log(name, r.states, ms.toFixed(0), "ms vs compact", c.elapsedMs.toFixed(0), "ms", (ms / c.elapsedMs).toFixed(1) + "x", JSON.stringify(submission.counts()), r.search);
  await sandbox.close();
}
