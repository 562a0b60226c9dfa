/**
 * The zip an instructor uploads to Gradescope: setup.sh and run_autograder at
 * its top, and the kit (without solutions/) in snaplab/. Gradescope unpacks it
 * into /autograder/source, runs setup.sh once when it builds the image, then
 * run_autograder for each submission.
 */
import { zipSync, type Zippable } from "fflate";
import { type KitFile, kitFiles, textFile } from "./kit-files.js";

export interface AutograderChoices {
  /** Grade only these exercises (all when absent). */
  readonly only?: readonly number[];
  readonly hideUntilDue: boolean;
  /** The instructor's seed for the generated scenarios and inputs: in run_autograder, which learners never see. */
  readonly seed?: number;
}

/** The Node installed where the image has none that snaplab can run on (package.json's engines: >=20.19). */
export const pinnedNode = "20.20.2";

/** Every entry of the zip's files a fixed date, so the same kit gives the same zip. */
const entryDate = new Date("2000-01-01T00:00:00Z");

export function autograderFiles(choices: AutograderChoices): KitFile[] {
  return [textFile("setup.sh", setupScript(), true), textFile("run_autograder", runScript(choices), true), ...kitFiles("snaplab/")];
}

export function autograderZip(choices: AutograderChoices): Uint8Array {
  const entries: Zippable = {};
  for (const file of autograderFiles(choices)) {
    // Unix (os 3) permissions in the upper half of the external attributes: the scripts stay executable.
    entries[file.path] = [file.data, { os: 3, attrs: (file.executable ? 0o100755 : 0o100644) << 16, mtime: entryDate }];
  }
  return zipSync(entries, { level: 9 });
}

function setupScript(): string {
  return `#!/usr/bin/env bash
# Written by \`snaplab classroom gradescope\`. Gradescope runs it once, as root, when it builds the
# autograder's image: it installs Node if the image has none that snaplab runs on, then snaplab's
# locked runtime dependencies, which builds snaplab's command, so nothing is fetched at grading time.
set -euo pipefail
kit="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)/snaplab"

suitable_node() {
  command -v node >/dev/null &&
    node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1)'
}

# Packages of the image's Debian or Ubuntu, their lists fetched first: an image may come without them.
install_packages() {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

if ! suitable_node; then
  version=${pinnedNode}
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) echo "setup.sh: no Node build for $(uname -m)" >&2; exit 1 ;; esac
  command -v curl >/dev/null && command -v xz >/dev/null || install_packages curl ca-certificates xz-utils
  name="node-v$version-linux-$arch.tar.xz"
  cd "$(mktemp -d)"
  curl -fsSLO "https://nodejs.org/dist/v$version/$name"
  # The tarball must match the checksum Node publishes for it.
  curl -fsSL "https://nodejs.org/dist/v$version/SHASUMS256.txt" | grep " $name\\$" | sha256sum -c -
  tar -xJf "$name" -C /usr/local --strip-components=1
  suitable_node
fi

# The sandbox's walls: bubblewrap, where the image lacks it (without it the grader says what is missing).
if ! command -v bwrap >/dev/null && command -v apt-get >/dev/null; then
  install_packages bubblewrap || echo "setup.sh: could not install bubblewrap; grading goes on with fewer walls" >&2
fi

cd "$kit"
npm ci --omit=dev --no-audit --no-fund
node bin/snaplab.js --version >/dev/null
echo "snaplab is ready: $(node --version), snaplab $(node bin/snaplab.js --version)"
`;
}

function runScript({ only, hideUntilDue, seed }: AutograderChoices): string {
  const options = [
    ...(only ? [`--only ${only.join(",")}`] : []),
    ...(hideUntilDue ? ["--hide-until-due"] : []),
    ...(seed === undefined ? [] : [`--seed ${seed}`]),
  ];
  const fallback = JSON.stringify({
    score: 0,
    output: "The autograder could not start snaplab (see the autograder output). This is not your mistake: please tell your instructor.",
    visibility: "visible",
    tests: [],
  });
  return `#!/usr/bin/env bash
# Written by \`snaplab classroom gradescope\`. Gradescope runs it for each submission: it grades
# /autograder/submission and writes /autograder/results/results.json, always (snaplab writes a
# result for every submission; the line below the command covers snaplab not starting at all).
# SNAPLAB_AUTOGRADER_ROOT replaces /autograder, to try the autograder anywhere.
root="\${SNAPLAB_AUTOGRADER_ROOT:-/autograder}"
results="$root/results/results.json"
mkdir -p "$root/results"
rm -f "$results"
node "$root/source/snaplab/bin/snaplab.js" classroom autograde --root "$root"${options.map((o) => ` ${o}`).join("")}
[ -s "$results" ] || printf '%s\\n' '${fallback}' >"$results"
exit 0
`;
}
