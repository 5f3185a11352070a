import {
  type CompressionMode,
  type ContentLayer,
  compressFile,
  decompressFileAsync,
  decryptFile,
  type EncryptedLayout,
  encryptFile,
  sealContent,
} from "@gdvariant/files";
import { countOf, layerLimitOf, maxBytesOf, type OptionSpec, oneOf, parseCommand } from "../args.js";
import { UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandName } from "../help.js";
import { type CliIO, readInput, writeOutput } from "../io.js";

// Encrypted (GDEC) and compressed (GCPF) files: the commands that handle the layers alone, and
// the options that let decode, inspect and convert open them first.

/** `--password` / `--key`: the secret of an encrypted file (decode, inspect, convert). */
export const SECRET_OPTIONS = {
  password: { type: "string" },
  key: { type: "string" },
} as const satisfies OptionSpec;

/** The secret from `--password P` or `--key HEX` (64 hex digits); undefined when neither. */
export function secretFrom(
  command: CommandName,
  values: { password?: string | undefined; key?: string | undefined },
): { password: string } | { key: Uint8Array } | undefined {
  if (values.password !== undefined && values.key !== undefined)
    throw new UsageError("give --password or --key, not both", command);
  if (values.key !== undefined) return { key: hexArg(command, "key", values.key, 32) };
  if (values.password !== undefined) return { password: values.password };
  return undefined;
}

function hexArg(command: CommandName, option: string, hex: string, size: number): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex) || hex.length !== size * 2)
    throw new UsageError(`--${option} must be ${size * 2} hex digits (${size} bytes)`, command);
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

/** Seals `plaintext` in `layers`, moving an encrypted layer to the layout of `target`. */
export function resealFor(
  plaintext: Uint8Array,
  layers: readonly ContentLayer[],
  target: string,
  secret: { password: string } | { key: Uint8Array },
): Uint8Array {
  const layout: EncryptedLayout = target === "godot-4" ? "godot-4" : "godot-3";
  const moved = layers.map((l): ContentLayer => {
    if (l.kind === "encrypted") return { kind: "encrypted", layout };
    // The engine cannot write Brotli, so neither can we: a Brotli layer comes back as Zstd.
    return l.mode === "brotli" ? { ...l, mode: "zstd" } : l;
  });
  return sealContent(plaintext, moved, secret);
}

function needOutput(command: CommandName, out: string | undefined): string {
  if (out === undefined) throw new UsageError(`${command} needs -o OUT`, command);
  return out;
}

function oneInput(command: CommandName, positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError(`${command} takes one FILE`, command);
  return positionals[0]!;
}

/** `gdvariant decrypt FILE (--password P | --key HEX) [--max-bytes N] -o OUT`. */
export async function decryptCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("decrypt", argv, {
    ...SECRET_OPTIONS,
    "max-bytes": { type: "string" },
    output: { type: "string", short: "o" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const input = oneInput("decrypt", positionals);
  const secret = secretFrom("decrypt", values);
  if (secret === undefined) throw new UsageError("decrypt needs --password or --key", "decrypt");
  const out = needOutput("decrypt", values.output);
  const maxBytes = maxBytesOf("decrypt", values);
  const r = decryptFile(await readInput(input, io, maxBytes), { ...secret, maxBytes });
  await writeOutput(out, r.plaintext);
  return EXIT.ok;
}

/** `gdvariant encrypt FILE (--password P | --key HEX [--iv HEX]) --layout godot-3|godot-4 -o OUT`. */
export async function encryptCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("encrypt", argv, {
    ...SECRET_OPTIONS,
    iv: { type: "string" },
    layout: { type: "string" },
    output: { type: "string", short: "o" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const input = oneInput("encrypt", positionals);
  const secret = secretFrom("encrypt", values);
  if (secret === undefined) throw new UsageError("encrypt needs --password or --key", "encrypt");
  if (values.layout === undefined)
    throw new UsageError("encrypt needs --layout godot-3 or godot-4", "encrypt");
  const layout = oneOf<EncryptedLayout>(
    "encrypt",
    "layout",
    values.layout,
    ["godot-3", "godot-4"],
    "godot-4",
  );
  if (values.iv !== undefined && layout !== "godot-4")
    throw new UsageError("--iv is for the godot-4 layout only (3.x files have no IV)", "encrypt");
  const out = needOutput("encrypt", values.output);
  const iv = values.iv === undefined ? undefined : hexArg("encrypt", "iv", values.iv, 16);
  const data = encryptFile(await readInput(input, io), { ...secret, layout, ...(iv ? { iv } : {}) });
  await writeOutput(out, data);
  return EXIT.ok;
}

/** `gdvariant decompress FILE [--max-bytes N] -o OUT`. */
export async function decompressCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("decompress", argv, {
    "max-bytes": { type: "string" },
    output: { type: "string", short: "o" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const input = oneInput("decompress", positionals);
  const out = needOutput("decompress", values.output);
  const bytes = await readInput(input, io, maxBytesOf("decompress", values));
  const r = await decompressFileAsync(bytes, layerLimitOf("decompress", values));
  await writeOutput(out, r.plaintext);
  return EXIT.ok;
}

const WRITE_MODES = ["fastlz", "deflate", "zstd", "gzip"] as const;

/** `gdvariant compress FILE --mode fastlz|deflate|zstd|gzip [--block-size N] -o OUT`. */
export async function compressCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("compress", argv, {
    mode: { type: "string" },
    "block-size": { type: "string" },
    output: { type: "string", short: "o" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const input = oneInput("compress", positionals);
  if (values.mode === undefined)
    throw new UsageError(`compress needs --mode (${WRITE_MODES.join(", ")})`, "compress");
  const mode = oneOf<Exclude<CompressionMode, "brotli">>(
    "compress",
    "mode",
    values.mode,
    WRITE_MODES,
    "fastlz",
  );
  const blockSize = countOf("compress", "block-size", values["block-size"], 4096, { max: 2 ** 31 - 1 });
  const out = needOutput("compress", values.output);
  await writeOutput(out, compressFile(await readInput(input, io), { mode, blockSize }));
  return EXIT.ok;
}
