/** The reference Chandy-Lamport rules, exported as a learner's rules file does: the bench runs them through the sandbox. */
export { chandyLamport as rules } from "../src/models/bank/algorithms/chandy-lamport.js";
