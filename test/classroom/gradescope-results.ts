/**
 * Gradescope's documented results.json fields (its autograder specifications:
 * "Output format"), checked the way Gradescope reads them: known fields only,
 * each of its type, a visibility and a status from their lists. Returns the
 * mistakes, none for a valid file.
 */
const visibilities = ["hidden", "after_due_date", "after_published", "visible"];
const formats = ["text", "html", "simple_format", "md", "ansi"];
const topFields = [
  "score",
  "execution_time",
  "output",
  "output_format",
  "test_output_format",
  "test_name_format",
  "visibility",
  "stdout_visibility",
  "extra_data",
  "tests",
  "leaderboard",
];
const testFields = ["score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags", "visibility", "extra_data"];

export function resultsMistakes(results: Record<string, unknown>): string[] {
  const mistakes: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) mistakes.push(what);
  };
  for (const key of Object.keys(results)) expect(topFields.includes(key), `unknown field ${key}`);
  expect(typeof results.score === "number", "score is a number");
  expect(results.execution_time === undefined || Number.isInteger(results.execution_time), "execution_time is whole seconds");
  expect(results.output === undefined || typeof results.output === "string", "output is a string");
  for (const key of ["output_format", "test_output_format"])
    expect(results[key] === undefined || formats.includes(results[key] as string), `${key} is a format`);
  expect(results.visibility === undefined || visibilities.includes(results.visibility as string), "visibility is one of Gradescope's");
  expect(results.leaderboard === undefined, "no leaderboard");
  expect(Array.isArray(results.tests), "tests is a list");
  for (const [n, test] of ((results.tests ?? []) as Record<string, unknown>[]).entries()) {
    for (const key of Object.keys(test)) expect(testFields.includes(key), `tests[${n}]: unknown field ${key}`);
    expect(typeof test.name === "string" && test.name !== "", `tests[${n}].name`);
    expect(typeof test.score === "number" && typeof test.max_score === "number" && test.score <= test.max_score, `tests[${n}]: score, max_score`);
    expect(test.status === undefined || test.status === "passed" || test.status === "failed", `tests[${n}].status`);
    expect(test.visibility === undefined || visibilities.includes(test.visibility as string), `tests[${n}].visibility`);
    expect(test.output === undefined || typeof test.output === "string", `tests[${n}].output`);
    expect(test.number === undefined || typeof test.number === "string", `tests[${n}].number`);
  }
  const sum = ((results.tests ?? []) as { score: number }[]).reduce((total, t) => total + t.score, 0);
  expect(results.score === sum, `score ${String(results.score)} is the tests' sum ${sum}`);
  return mistakes;
}
