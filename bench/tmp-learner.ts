import { learnerRulesTables } from "./learner-rules.js";
console.log(await learnerRulesTables(false, Number(process.argv[2] ?? 3)));
