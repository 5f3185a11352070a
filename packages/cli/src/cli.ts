// The `gdvariant` binary. tsup adds the shebang.
import { isClosedPipe } from "./errors.js";
import { runCli } from "./run.js";

// `gdvariant ... | head -1`: once the reader closes the pipe, end quietly (as `cat` does) instead
// of an unhandled EPIPE. The write that failed also rejects, and runCli returns on it.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (isClosedPipe(e)) process.exit(0);
    throw e;
  });
}

runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(
      `gdvariant: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
    );
    process.exitCode = 1;
  },
);
