/**
 * The starter workflow's first check: the files snaplab grades with (its
 * built command, bin/, api/, spec/, package.json and the lock npm installs
 * from) are byte for byte those `snaplab classroom github` wrote, or the
 * grade is refused. A student's repository is the student's to change, and
 * a grade run with a changed grader is worth nothing; the SHA-256 of each
 * file is written into the workflow itself, so the check needs no other file
 * of the repository, and nothing of snaplab runs before it has passed.
 */
import { createHash } from "node:crypto";
import { noReportResult, outputLine } from "./classroom-points.js";
import type { KitFile } from "./kit-files.js";

/** What of the starter is the kit's, checked: the folders whole, and single files. Everything else (exercises/, the READMEs, tsconfig.json) is the student's. */
const checkedFolders = ["api", "bin", "dist", "spec"];
const checkedFiles = ["package.json", "package-lock.json"];

/** The message GitHub Classroom shows with the 0 points of a refused grade. */
export const refusedMessage =
  "snaplab's own files in this repository differ from the starter's, so it was not graded: the workflow's step \"Check snaplab's files\" names them. " +
  "Put them back as the starter had them (only exercises/ is yours to change) and push again.";

/** `sha256sum --check`'s input for the starter's checked files: "<hex>  <path>" a line, in the starter's order. */
function kitManifest(files: readonly KitFile[]): string {
  return files
    .filter(isChecked)
    .map((file) => {
      // sha256sum writes a path with a space or a backslash in another form; the kit's paths have neither.
      if (/[\s\\]/.test(file.path)) throw new Error(`${file.path}: a checked file's path has a space or a backslash`);
      return `${createHash("sha256").update(file.data).digest("hex")}  ${file.path}\n`;
    })
    .join("");
}

const isChecked = (file: KitFile) => checkedFiles.includes(file.path) || checkedFolders.some((folder) => file.path.startsWith(`${folder}/`));

/**
 * The step's shell script (bash, as GitHub Actions runs a step: -e, -o pipefail): it passes when
 * every checked file is there unchanged, as a plain file, and no other file is among them. Otherwise
 * it names each file changed, missing, added or not a plain file (a symlink, which npm and Node
 * would follow), writes a result of 0 points with `refusedMessage` to $GITHUB_OUTPUT for the
 * reporter, and fails. `only`: the exercises graded, whose points the result puts at stake.
 */
export function kitCheckScript(files: readonly KitFile[], only?: readonly number[]): string {
  // A project's .npmrc would configure the npm that installs snaplab's packages: there is none in the starter, so one is "added".
  const where = [...checkedFolders, ...checkedFiles, ".npmrc"].join(" ");
  return `# The SHA-256 of each of snaplab's files, as \`snaplab classroom github\` wrote them.
kit="$(mktemp)"
cat >"$kit" <<'SNAPLAB_FILES'
${kitManifest(files)}SNAPLAB_FILES
export LC_ALL=C
changed="$(sha256sum --check --quiet "$kit" 2>/dev/null | sed -E 's/^(.*): FAILED open or read$/missing: \\1/; s/^(.*): FAILED$/changed: \\1/' || true)"
present="$(find ${where} -type f 2>/dev/null | sort || true)"
added="$(comm -13 <(cut -c67- "$kit" | sort) <(printf '%s\\n' "$present") | sed '/^$/d; s/^/added: /')"
links="$(find ${where} ! -type d ! -type f 2>/dev/null | sed 's/^/not a plain file: /' || true)"
problems="$(printf '%s\\n' "$changed" "$links" "$added" | sed '/^$/d')"
if [ -n "$problems" ]; then
  printf '%s\\n' "$problems" | sed "s/^/::error::snaplab's files differ from the starter's: /"
  echo "The grade is refused: only exercises/ is yours to change. Put these files back as the starter had them and push again."
  printf '%s\\n' '${outputLine(noReportResult(refusedMessage, only)).trimEnd()}' >>"$GITHUB_OUTPUT"
  exit 1
fi
echo "snaplab's files are the starter's: $(wc -l <"$kit") files checked"
`;
}
