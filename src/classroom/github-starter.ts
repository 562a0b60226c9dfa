/**
 * The starter repository an instructor gives GitHub Classroom: what a learner
 * holds. snaplab built (dist/, minified, with no source maps: no src/ and no
 * solutions/ to read an answer in), bin/, the learner's API (api/), the
 * exercises chosen (all, or those of --only) with their stubs (stubs.ts) and
 * the page on generated scenarios, the part of spec/ their READMEs cite, a
 * README for students, a package.json whose `npm test` checks snaplab's files
 * are the starter's (kit-check.ts) and grades the exercises chosen, its lock,
 * and a workflow that runs the same check, then grades the same exercises on
 * each push with `snaplab grade --format json` and reports the points to
 * GitHub Classroom through its autograding reporter.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SnaplabError } from "../errors/snaplab-error.js";
import { jsonText } from "../files/json-text.js";
import { assignmentField } from "../package/assignment.js";
import { packageRoot } from "../package/package-root.js";
import { listed } from "../render/count-words.js";
import { chosenExercises, maxPoints } from "../grade/exercises/catalogue.js";
import type { Exercise } from "../grade/exercises/exercise.js";
import { kitCheckPath, kitSums, refusedMessage } from "./kit-check.js";
import { checkoutFiles, type KitFile, textFile } from "./kit-files.js";
import { noReportResult, outputLine } from "./classroom-points.js";
import { pinnedNode } from "./gradescope-autograder.js";
import { type Manifest, prunedLock } from "./pruned-lock.js";
import { checkStubs } from "./stubs.js";

/** The step whose output the reporter reads: its id, and so the name of the environment variable it reads (SNAPLAB_RESULTS). */
export const gradingStep = "snaplab";

/** The step that checks snaplab's files before anything of snaplab or npm runs; a refused grade's result is its output. */
export const kitStep = "kit";

/** What of the checkout the starter holds as it is: the exercises' READMEs cite api/, spec/model.md and spec/scenarios/. */
const starterEntries = ["bin", "api", "spec/model.md", "spec/scenarios"];

/** The packages `npm run typecheck` needs (the compiler, and Node's types for console and the like), from the kit's devDependencies. */
const typecheckPackages = ["typescript", "@types/node"];

/** scripts/build.mjs, the one build configuration, as the starter uses it. */
interface KitBuild {
  readonly forNode: { readonly external: readonly string[] };
  distFiles(options: { forLearners: boolean }): Promise<{ path: string; contents: Uint8Array }[]>;
  kitCheckFile(kit: { sums: Readonly<Record<string, string>>; refusedResult: string }): Promise<Uint8Array>;
}

export async function starterFiles(only?: readonly number[]): Promise<KitFile[]> {
  const root = packageRoot();
  if (!existsSync(join(root, "src"))) {
    throw new SnaplabError("NO_SOURCES", `${root} has no src/: classroom github builds the starter from snaplab's sources (run it in snaplab's repository)`);
  }
  // Before the build: a file that is not a stub is refused at once.
  const exercises = exerciseFiles(chosenExercises(only));
  const build = (await import(pathToFileURL(join(root, "scripts", "build.mjs")).href)) as KitBuild;
  const manifest = studentManifest(JSON.parse(readFileSync(join(root, "package.json"), "utf8")), build.forNode.external, only);
  const lock = prunedLock(JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")), manifest);
  const dist = (await build.distFiles({ forLearners: true })).map((file) => ({ path: `dist/${file.path}`, data: file.contents }));
  const kit = [
    textFile("package.json", jsonText(manifest)),
    textFile("package-lock.json", jsonText(lock)),
    textFile("tsconfig.json", jsonText(studentTsconfig(JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"))))),
    ...checkoutFiles(starterEntries),
    ...dist,
    ...exercises,
  ];
  const kitCheck = await build.kitCheckFile({ sums: kitSums(kit), refusedResult: outputLine(noReportResult(refusedMessage, only)) });
  return [
    textFile("README.md", studentReadme(only)),
    textFile(".gitignore", "node_modules/\n"),
    textFile(".github/workflows/classroom.yml", workflow(only)),
    { path: kitCheckPath, data: kitCheck },
    ...kit,
  ];
}

/** The option that grades the exercises chosen, as the starter's scripts and workflow give it ("" for all of them). */
const onlyOption = (only?: readonly number[]) => (only ? ` --only ${only.join(",")}` : "");

/** The page every rules exercise's README links to for what its generated scenarios vary. */
const generatedScenariosPage = "exercises/generated-scenarios.md";

/**
 * The folders of `chosen` in exercises/, and the file each is answered in where that is in another
 * folder: exercise 2's is exercise 1's rules.ts, handed out alone when exercise 1 is not chosen.
 * With a rules exercise, the page on generated scenarios its README links to. Each file a learner
 * fills in must be its stub (stubs.ts).
 */
function exerciseFiles(chosen: readonly Exercise[]): KitFile[] {
  const folders = chosen.map((e) => `exercises/${e.slug}`);
  const elsewhere = chosen.map((e) => `exercises/${e.file}`).filter((file) => !folders.some((folder) => file.startsWith(`${folder}/`)));
  const pages = chosen.some((e) => e.kind === "rules") ? [generatedScenariosPage] : [];
  const files = checkoutFiles([...new Set([...folders, ...elsewhere, ...pages])].sort());
  checkStubs(chosen, files);
  return files;
}

interface KitManifest extends Manifest {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  readonly [field: string]: unknown;
}

/**
 * The starter's package.json: the kit's name (snaplab finds its own folder by it), version, bin and
 * engines; the exercises chosen, the assignment's, in its "snaplab" field (src/package/assignment.ts:
 * grade, list and hint keep to them there); `npm test` checking snaplab's files and grading
 * exercises/ on the exercises chosen, as the workflow does, and `npm run grade` likewise on the
 * folders it is given; as dependencies only what dist/ loads from node_modules (`external`: esbuild,
 * which bundles a learner's files), and for typecheck the compiler. Private: nobody publishes a
 * learner's repository.
 */
function studentManifest(kit: KitManifest, external: readonly string[], only?: readonly number[]): KitManifest {
  // In npm's order, by name: `npm install` writes them so, and would otherwise rewrite the lock the workflow checks.
  const pick = (from: Readonly<Record<string, string>>, names: readonly string[]) =>
    Object.fromEntries(
      [...names].sort().map((name) => {
        const version = from[name];
        if (version === undefined) throw new Error(`the kit's package.json does not name ${name}`);
        return [name, version];
      }),
    );
  return {
    name: kit.name,
    version: kit.version,
    description: "Exercises on the Chandy-Lamport snapshot algorithm, graded by snaplab",
    private: true,
    type: kit.type,
    license: kit.license,
    bin: kit.bin,
    engines: kit.engines,
    [assignmentField]: { exercises: chosenExercises(only).map((e) => e.number) },
    scripts: {
      // No --only: snaplab keeps to the assignment named above by itself, and `npm run grade -- --only 1` narrows it.
      test: `node ${kitCheckPath} && node bin/snaplab.js grade exercises`,
      grade: `node ${kitCheckPath} && node bin/snaplab.js grade`,
      typecheck: "tsc --noEmit",
    },
    dependencies: pick(kit.dependencies, external),
    devDependencies: pick(kit.devDependencies, typecheckPackages),
    ...(kit.allowScripts ? { allowScripts: kit.allowScripts } : {}),
  };
}

/** The kit's compiler options, over the learner's files and the types they import. */
function studentTsconfig(kit: { compilerOptions: object }): object {
  return { compilerOptions: kit.compilerOptions, include: ["api", "exercises"] };
}

function workflow(only?: readonly number[]): string {
  return `# Written by \`snaplab classroom github\`. GitHub Classroom runs it on every push: it checks that
# snaplab's own files are the starter's, snaplab grades exercises/, and the autograding reporter gives
# GitHub Classroom the points (it reads the result of the step whose id is "${gradingStep}", base64
# JSON, from ${gradingStep.toUpperCase()}_RESULTS; of the step "${kitStep}" when that refused the grade).
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
      - name: Check snaplab's files
        id: ${kitStep}
        # Before anything of snaplab or npm runs: a grade run with snaplab's files changed is refused, with 0 points.
        # npm test runs the same check on the student's machine.
        run: node ${kitCheckPath}
      - name: Install snaplab's packages (its lock, without typecheck's)
        # No package's install script runs: snaplab comes built, and esbuild needs none to be loaded.
        run: npm ci --omit=dev --ignore-scripts --no-audit --no-fund
      - name: Grade the exercises
        id: ${gradingStep}
        # The report goes to a new folder of this run's own, which nothing committed can have filled in: the points come
        # from what the grade wrote, or are none. Each failed check's message is what the text report says of it, which
        # the reporter prints in this log: the grade runs once.
        run: |
          report="$(mktemp -d)/grade.json"
          node bin/snaplab.js grade exercises${onlyOption(only)} --format json --out "$report" || true
          node bin/snaplab.js classroom points "$report"${onlyOption(only)} >> "$GITHUB_OUTPUT"
      - name: Report the points to GitHub Classroom
        if: success() || steps.${kitStep}.outputs.result != ''
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          ${gradingStep.toUpperCase()}_RESULTS: "\${{ steps.${gradingStep}.outputs.result || steps.${kitStep}.outputs.result }}"
          GITHUB_TOKEN: "\${{ secrets.GITHUB_TOKEN }}"
        with:
          runners: ${gradingStep}
`;
}

function studentReadme(only?: readonly number[]): string {
  const graded = chosenExercises(only);
  const rows = graded.map((e) => `| ${e.number} | ${e.title} | \`exercises/${e.file}\` | ${maxPoints(e)} |`);
  const first = graded[0]!.number;
  const numbers = graded.map((e) => e.number);
  const named = `${numbers.length === 1 ? "exercise" : "exercises"} ${listed(numbers)}`;
  const assignment = only
    ? `\nThis assignment is ${named}: \`npm test\`, the commands below and the workflow that grades\nyour pushes keep to ${numbers.length === 1 ? "it" : "them"}.\n`
    : "";
  const commands: [command: string, comment?: string][] = [
    ["npm test", "grade exercises/: points, and for each failed check its shortest counterexample"],
    [`npx snaplab grade --only ${first}`],
    ["npx snaplab grade --watch", "grade again each time you save a file"],
    ["npx snaplab list", "the exercises and how far you have got"],
    [`npx snaplab hint ${first}`, `the hint of exercise ${first}`],
    ["npm run typecheck", "your files' types: the grader runs them with the types stripped, unchecked"],
  ];
  const width = Math.max(...commands.filter(([, comment]) => comment).map(([command]) => command.length)) + 1;
  const commandLines = commands.map(([command, comment]) => (comment ? `${command.padEnd(width)}# ${comment}` : command));
  // Only a rules file can be explored with --rules: exercise 3's functions and exercise 4's scenario cannot.
  const explored = graded.find((e) => e.file.endsWith("/rules.ts"));
  const explore = explored
    ? `
A failed check on generated scenarios prints the smallest scenario it failed on: save it as a file
and run \`npx snaplab explore it.json --rules exercises/${explored.file}\` to take it
apart, or step through it in the browser with \`npx snaplab ui\`.
`
    : "";
  return `# Chandy-Lamport snapshots: the exercises

You write the snapshot algorithm's rules for a small bank of processes joined by one-way channels;
snaplab, the kit in this repository, explores every interleaving of sends, deliveries and markers
with your rules and shows you the shortest run in which they go wrong.

## Set up

Node 20.19 or later, then in this folder:

\`\`\`sh
npm ci
npm test
\`\`\`

\`npm test\` grades your work in \`exercises/\`: the points of each exercise, and for each check that
failed, why, with the shortest run that breaks your rules; an exercise whose file is still as you
were handed it is one line, \`not started\`. It ends with success only at full marks. It first
checks that snaplab's own files are the starter's, as the workflow that grades your pushes does
(see [Handing in](#handing-in)).
Run every command from this folder, the repository's root.

## The exercises

Each is a folder in \`exercises/\` with a README (read it first), a hint kept apart (\`npx snaplab
hint N\`), and the file you fill in where it says \`TODO\`. The types your files use are in \`api/\`,
whose README has a short glossary.

| # | exercise | you write | points |
| - | -------- | --------- | ------ |
${rows.join("\n")}
${assignment}
## Working on them

\`\`\`sh
${commandLines.join("\n")}
\`\`\`
${explore}
## What is in this repository

| | |
| --- | --- |
| \`exercises/\` | yours: the files you fill in, each exercise's README and hint |
| \`api/\` | the types your files import (types only: nothing in it runs) |
| \`spec/\` | \`model.md\`, the model snaplab checks, stated precisely, and the scenario files of \`spec/scenarios/\` (the format exercise 4 asks for) |
| \`bin/\`, \`dist/\` | snaplab itself, built: the \`snaplab\` command, its grader and its browser page |
| \`package.json\`, \`package-lock.json\` | what \`npm ci\` installs: esbuild, which the grader bundles your files with, and TypeScript for \`npm run typecheck\` |

\`spec/model.md\` also names files of snaplab's own repository that are not here (\`src/\`, \`test/\`, and
the rest of \`spec/\`, such as \`reduction.md\`): you need none of them.

## Handing in

Commit and push. Every push is graded by GitHub Actions (the "Autograding Tests" workflow) with the
same grader as \`npm test\`, on the same exercises, so what you see on your machine is what you get. The points are in the
workflow's log (the Actions tab), with each failed check and its shortest counterexample, and in GitHub Classroom.

Change only \`exercises/\`. The workflow first checks that snaplab's own files (\`bin/\`, \`dist/\`,
\`api/\`, \`spec/\`, \`package.json\`, \`package-lock.json\`) are the starter's, byte for byte (line
endings aside), and refuses to grade, with 0 points, when one was changed, removed or added; its log
names which. \`npm test\` runs the same check before it grades, and refuses in the same words.
\`npm ci\` changes none of them; \`npm install\` may rewrite \`package-lock.json\`, and \`npm install
<package>\` rewrites \`package.json\` too. To put them back as your repository's first commit had
them, and then remove any file the check says you added:

\`\`\`sh
git checkout "$(git rev-list --max-parents=0 HEAD)" -- bin dist api spec package.json package-lock.json
\`\`\`
`;
}
