/**
 * The starter repository an instructor gives GitHub Classroom: the kit
 * (without solutions/), a README for students, and a workflow that grades
 * each push with `snaplab grade --format json` and reports the points to
 * GitHub Classroom through its autograding reporter.
 */
import { chosenExercises, maxPoints } from "../grade/exercises/catalogue.js";
import { type KitFile, kitFiles, textFile } from "./kit-files.js";
import { pinnedNode } from "./gradescope-autograder.js";

/** The step whose output the reporter reads: its id, and so the name of the environment variable it reads (SNAPLAB_RESULTS). */
export const gradingStep = "snaplab";

export function starterFiles(only?: readonly number[]): KitFile[] {
  return [
    textFile("README.md", studentReadme(only)),
    textFile(".gitignore", "node_modules/\n"),
    textFile(".github/workflows/classroom.yml", workflow(only)),
    ...kitFiles().map((file) => (file.path === "package.json" ? studentPackage(file) : file)),
  ];
}

/**
 * The scripts the starter keeps: npm's `prepare`, which builds snaplab's command as `npm ci` installs it, and those a
 * student runs (the exercises' READMEs name them); the kit's tests and benchmarks stay with the kit.
 */
const studentScripts = ["prepare", "grade", "typecheck"];

/** The kit's package.json with only the scripts the starter keeps. */
function studentPackage(file: KitFile): KitFile {
  const manifest = JSON.parse(new TextDecoder().decode(file.data)) as { scripts?: Record<string, string> };
  const scripts = Object.fromEntries(Object.entries(manifest.scripts ?? {}).filter(([name]) => studentScripts.includes(name)));
  return textFile(file.path, `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`);
}

function workflow(only?: readonly number[]): string {
  const onlyOption = only ? ` --only ${only.join(",")}` : "";
  return `# Written by \`snaplab classroom github\`. GitHub Classroom runs it on every push: snaplab grades
# exercises/ and the autograding reporter gives GitHub Classroom the points (it reads the result of
# the step whose id is "${gradingStep}", base64 JSON, from ${gradingStep.toUpperCase()}_RESULTS).
name: Autograding Tests
"on":
  - push
  - repository_dispatch
  - workflow_dispatch
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    steps:
      - name: Check out the submission
        uses: actions/checkout@v4
      - name: Set up Node
        uses: actions/setup-node@v4
        with:
          node-version: "${pinnedNode}"
      - name: Install snaplab (its locked runtime dependencies)
        run: npm ci --omit=dev --no-audit --no-fund
      - name: Grade the exercises
        id: ${gradingStep}
        # The report goes to a new folder of this run's own, which nothing committed can have filled in: the points come
        # from what the grade wrote, or are none.
        run: |
          report="$(mktemp -d)/grade.json"
          node bin/snaplab.js grade exercises${onlyOption} --format json --out "$report" || true
          node bin/snaplab.js classroom points "$report"${onlyOption} >> "$GITHUB_OUTPUT"
      - name: Report the points to GitHub Classroom
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          ${gradingStep.toUpperCase()}_RESULTS: "\${{ steps.${gradingStep}.outputs.result }}"
          GITHUB_TOKEN: "\${{ secrets.GITHUB_TOKEN }}"
        with:
          runners: ${gradingStep}
`;
}

function studentReadme(only?: readonly number[]): string {
  const graded = chosenExercises(only);
  const rows = graded.map((e) => `| ${e.number} | ${e.title} | \`exercises/${e.file}\` | ${maxPoints(e)} |`);
  return `# Chandy-Lamport snapshots: the exercises

You write the snapshot algorithm's rules for a small bank of processes joined by one-way channels;
snaplab, the kit in this repository, explores every interleaving of sends, deliveries and markers
with your rules and shows you the shortest run in which they go wrong.

## Set up

Node 20.19 or later, then in this folder:

\`\`\`sh
npm ci
\`\`\`

## The exercises

Each is a folder in \`exercises/\` with a README (read it first), a hint kept apart (\`npx snaplab
hint N\`), and the file you fill in where it says \`TODO\`.

| # | exercise | you write | points |
| - | -------- | --------- | ------ |
${rows.join("\n")}

## Working on them

\`\`\`sh
npx snaplab list          # the exercises and how far you have got
npx snaplab hint 1        # the hint of exercise 1
npx snaplab grade         # grade exercises/: points, and for each failed check its shortest counterexample
npx snaplab grade --only 1
npm run typecheck         # your files' types: the grader runs them with the types stripped, unchecked
\`\`\`

A failed check on generated scenarios prints the smallest scenario it failed on: save it as a file
and run \`npx snaplab explore it.json --rules exercises/01-record-and-forward/rules.ts\` to take it
apart.

## Handing in

Commit and push. Every push is graded by GitHub Actions (the "Autograding Tests" workflow): the same
grader as \`npx snaplab grade\`, so what you see on your machine is what you get. The points are in
the workflow's log (the Actions tab) and in GitHub Classroom. Change only the files you fill in:
not \`src/\`, \`bin/\` or \`.github/\`.
`;
}
