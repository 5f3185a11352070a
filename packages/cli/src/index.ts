/**
 * `@gdvariant/cli`: the `gdvariant` command (inspect, decode, encode, convert, hexdump) for
 * Godot's binary Variant format, and {@link runCli} to run it from code.
 * @packageDocumentation
 */

export { EXIT, type ExitCode } from "./exit-codes.js";
export type { CliIO } from "./io.js";
export { runCli } from "./run.js";
export { VERSION } from "./version.js";
