/**
 * When the reader of snaplab's output goes away early (`snaplab replay t.json | head -3`), the next
 * write to the pipe fails. A Unix tool is ended there by SIGPIPE, silently; Node ignores SIGPIPE, and
 * the write's EPIPE comes back as an error on the stream, which, unhandled, ends the process with a
 * stack trace. So every command ends as the tool would: at once, without a word (there is no one to
 * read it), with the status a shell gives a program SIGPIPE ended.
 */
import { ExitCode } from "./exit-code.js";

export function endQuietlyWhenReaderGoes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      // Another failure to write (a full disk) is not the reader's going, and still ends with its stack.
      if (error.code !== "EPIPE") throw error;
      process.exit(ExitCode.ReaderGone);
    });
  }
}
