/**
 * How a model whose steps ask another process (a learner's rules in a
 * sandbox) has its questions asked in batches: the explorer runs `run`, in
 * which a question not answered yet throws and is noted instead; the noted
 * questions then cross in as few batches as they may (Submission.gather),
 * and the explorer runs again for the questions the answers lead to. Says
 * whether it is worth running again. Answers are the same either way: the
 * rules are pure by contract.
 */
export type Gather = (run: () => void) => boolean;
