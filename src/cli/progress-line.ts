/**
 * The progress line of a long run. Progress goes to stderr only, so stdout
 * stays one report (or one JSON object). A terminal's line is redrawn in place
 * every second; a log gets a line every ten seconds, to show the run is
 * alive; SNAPLAB_PROGRESS_EVERY_MS sets either.
 */
export function progressEveryMs(): number {
  const asked = Number(process.env.SNAPLAB_PROGRESS_EVERY_MS);
  if (process.env.SNAPLAB_PROGRESS_EVERY_MS !== undefined && Number.isInteger(asked) && asked >= 0) return asked;
  return process.stderr.isTTY ? 1000 : 10_000;
}

let progressShown = false;

export function showProgressLine(line: string): void {
  process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  progressShown = true;
}

export function clearProgressLine(): void {
  if (progressShown && process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  progressShown = false;
}
