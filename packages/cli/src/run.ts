import { convertCommand } from "./commands/convert.js";
import { decodeCommand } from "./commands/decode.js";
import { encodeCommand } from "./commands/encode.js";
import {
  compressCommand,
  decompressCommand,
  decryptCommand,
  encryptCommand,
} from "./commands/file-layers.js";
import { hexdumpCommand } from "./commands/hexdump.js";
import { inspectCommand } from "./commands/inspect.js";
import { rpcSchemaCommand } from "./commands/rpc-schema.js";
import { describeError, exitCodeOf, isClosedPipe, UsageError } from "./errors.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { type CommandName, HELP } from "./help.js";
import { type CliIO, write } from "./io.js";
import { VERSION } from "./version.js";

const COMMANDS: Readonly<Record<CommandName, (argv: string[], io: CliIO) => Promise<ExitCode | "help">>> = {
  inspect: inspectCommand,
  decode: decodeCommand,
  encode: encodeCommand,
  convert: convertCommand,
  hexdump: hexdumpCommand,
  decrypt: decryptCommand,
  encrypt: encryptCommand,
  decompress: decompressCommand,
  compress: compressCommand,
  "rpc-schema": rpcSchemaCommand,
};

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/**
 * Runs the `gdvariant` command line `argv` (without `node` and the script) and resolves to the
 * exit code ({@link EXIT}). Output goes to `io`; nothing calls `process.exit`.
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const [first, ...rest] = argv;
  try {
    if (first === undefined || first === "-h" || first === "--help") {
      await write(first === undefined ? io.stderr : io.stdout, `${HELP.main}\n`);
      return first === undefined ? EXIT.usage : EXIT.ok;
    }
    if (first === "-v" || first === "--version") {
      await write(io.stdout, `${VERSION}\n`);
      return EXIT.ok;
    }
    if (first === "help") {
      const topic = rest[0];
      if (topic !== undefined && !isCommand(topic)) throw new UsageError(`unknown command '${topic}'`);
      await write(io.stdout, `${topic === undefined ? HELP.main : HELP[topic]}\n`);
      return EXIT.ok;
    }
    if (!isCommand(first)) throw new UsageError(`unknown command '${first}'`);
    const result = await COMMANDS[first]([...rest], io);
    if (result === "help") {
      await write(io.stdout, `${HELP[first]}\n`);
      return EXIT.ok;
    }
    return result;
  } catch (e) {
    // The reader of our output has gone (`| head -1`): nothing more to say, and no one to say it to.
    if (isClosedPipe(e)) return EXIT.ok;
    const command = e instanceof UsageError ? e.command : undefined;
    const hint =
      e instanceof UsageError ? `\nRun 'gdvariant ${command ? `${command} ` : ""}--help' for usage.` : "";
    await write(io.stderr, `gdvariant: ${describeError(e)}${hint}\n`);
    return exitCodeOf(e);
  }
}
