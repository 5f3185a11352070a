import { GdVariantError } from "@gdvariant/core";

const FILE_BRAND = Symbol.for("gdvariant.error.file");

/**
 * Why a file layer could not be read or written. A closed union.
 *
 * - `truncated`: the file ends before a header, a block table or a block does.
 * - `bad-magic`: the file does not start with the layer's magic (`GDEC`, `GCPF`).
 * - `corrupt`: a header field that cannot be right (a block size of 0, an unknown mode, a block
 *   that does not inflate to its declared size, a length word larger than the file).
 * - `wrong-key`: the MD5 of the decrypted bytes is not the one in the header: the password or key
 *   is wrong (or the file was altered).
 * - `key-needed`: an encrypted file was met and no password or key was given.
 * - `invalid-key`: a key that is not 32 bytes, an IV that is not 16.
 * - `limit-exceeded`: the plaintext would pass `maxBytes`.
 * - `unsupported`: a mode this library cannot do (writing Brotli, a future mode number), or a
 *   ConfigFile name or value the engine cannot hold or read back (`writeConfigFile`).
 * - `invalid-argument`: the call itself is wrong, whatever the file: input that is not bytes,
 *   options that are not an object, a `maxBytes` or block size that is not a whole number in
 *   range, a layout or layer kind that does not exist.
 */
export type FileErrorCode =
  | "truncated"
  | "bad-magic"
  | "corrupt"
  | "wrong-key"
  | "key-needed"
  | "invalid-key"
  | "limit-exceeded"
  | "unsupported"
  | "invalid-argument";

/**
 * An encrypted or compressed file (or a ConfigFile) that cannot be read or written. Carries the
 * `code`, the byte `offset` into the file where the problem was found, and the `layer`.
 * Recognise it with {@link FileError.is} (works across installed copies); it is also a
 * `GdVariantError`.
 */
export class FileError extends GdVariantError {
  readonly [FILE_BRAND] = true;
  readonly code: FileErrorCode;
  /** Byte offset into the layer's input. */
  readonly offset: number;
  /**
   * Which layer failed: `"encrypted"`, `"compressed"` (GCPF files and `PackedByteArray.compress`
   * envelopes), `"config"` or `"project-settings"` (project.binary).
   */
  readonly layer: "encrypted" | "compressed" | "config" | "project-settings";
  /** The detail without code and offset. */
  readonly detail: string;

  constructor(
    detail: string,
    options: { code: FileErrorCode; offset: number; layer: FileError["layer"]; cause?: unknown },
  ) {
    super(`${options.layer}: ${detail} (${options.code}, offset ${options.offset})`, {
      cause: options.cause,
    });
    this.name = "FileError";
    this.code = options.code;
    this.offset = options.offset;
    this.layer = options.layer;
    this.detail = detail;
  }

  /** True for a file error from any installed copy of the library. */
  static override is(error: unknown): error is FileError {
    return (
      typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[FILE_BRAND] === true
    );
  }
}
