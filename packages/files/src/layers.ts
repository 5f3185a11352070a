import { asBytes, oneOf, optionsOf } from "./arguments.js";
import {
  type CompressionMode,
  compressFile,
  type DecompressOptions,
  decompressFile,
  isCompressed,
  readCompressedInfo,
} from "./compressed.js";
import {
  decryptFile,
  type EncryptedLayout,
  encryptFile,
  isEncrypted,
  readEncryptedInfo,
  type Secret,
} from "./encrypted.js";
import { FileError } from "./errors.js";

/** The detail of the error decompressFile throws for Brotli without a decoder. */
const BROTLI_NEEDED = /needs the Brotli decoder/;

/**
 * One layer around a file's contents, outermost first in {@link OpenResult.layers}. `iv` (4.x
 * only) is what {@link detectLayer} read; {@link sealFile} uses it when set, else a random one.
 */
export type FileLayer =
  | { readonly kind: "encrypted"; readonly layout: EncryptedLayout; readonly iv?: Uint8Array | undefined }
  | { readonly kind: "compressed"; readonly mode: CompressionMode; readonly blockSize: number };

/**
 * What the first bytes of a file say about its outer layer, without a key: `encrypted` (with the
 * layout; a password or key is needed to go further), `compressed` (with the mode), or
 * undefined for anything else (a bare store_var file, a Variant, text).
 *
 * @throws {FileError} `invalid-argument` for input that is not bytes.
 */
export function detectLayer(input: Uint8Array | ArrayBuffer | ArrayBufferView): FileLayer | undefined {
  const bytes = asBytes(input, "compressed");
  try {
    if (isEncrypted(bytes)) {
      const info = readEncryptedInfo(bytes);
      return { kind: "encrypted", layout: info.layout, iv: info.iv };
    }
    if (isCompressed(bytes)) {
      const info = readCompressedInfo(bytes);
      return { kind: "compressed", mode: info.mode, blockSize: info.blockSize };
    }
  } catch (e) {
    if (!FileError.is(e)) throw e;
  }
  return undefined;
}

/** Options of {@link openFile}: a secret for encrypted files, and the decompression options. */
export type OpenOptions = DecompressOptions & {
  readonly password?: string;
  readonly key?: Uint8Array;
};

/** The innermost bytes of a file and the layers that were taken off, outermost first. */
export interface OpenResult {
  readonly plaintext: Uint8Array;
  readonly layers: readonly FileLayer[];
}

/** The secret in `options` (a key wins over a password), or undefined. */
export function secretOf(options: OpenOptions): Secret | undefined {
  if (options.key !== undefined) return { key: options.key };
  if (options.password !== undefined) return { password: options.password };
  return undefined;
}

/**
 * Decrypts an encrypted layer with the secret in `options`.
 * @throws {FileError} `key-needed` (naming the layout) without a secret, and decryptFile's errors.
 */
export function openEncryptedLayer(
  bytes: Uint8Array,
  options: OpenOptions,
): { layer: FileLayer & { kind: "encrypted" }; inner: Uint8Array } {
  const secret = secretOf(options);
  if (secret === undefined) {
    const info = readEncryptedInfo(bytes);
    throw new FileError(`the file is encrypted (${info.layout} layout): a password or key is needed`, {
      code: "key-needed",
      offset: 0,
      layer: "encrypted",
    });
  }
  // maxBytes bounds every layer's output, this one's too, before it is decrypted.
  const r = decryptFile(bytes, {
    ...secret,
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
  });
  // No IV here: sealing again draws a fresh one, as the engine does on every write (reusing
  // an IV with the same key would leak the XOR of two plaintexts' first blocks).
  return { layer: { kind: "encrypted", layout: r.layout }, inner: r.plaintext };
}

function peel(bytes: Uint8Array, options: OpenOptions, inflate: (b: Uint8Array) => Uint8Array): OpenResult {
  const layers: FileLayer[] = [];
  let current = bytes;
  // The engine never nests layers, but a GCPF file inside a GDEC one costs nothing to open.
  for (let depth = 0; depth < 2; depth++) {
    if (isEncrypted(current)) {
      const r = openEncryptedLayer(current, options);
      layers.push(r.layer);
      current = r.inner;
    } else if (isCompressed(current)) {
      const info = readCompressedInfo(current, options);
      current = inflate(current);
      layers.push({ kind: "compressed", mode: info.mode, blockSize: info.blockSize });
    } else break;
  }
  return { plaintext: current, layers };
}

/**
 * Takes the encrypted and compressed layers off a file, whichever it has: the bytes inside are
 * what the game wrote (store_var records, a ConfigFile's text...).
 *
 * `maxBytes` (default 256 MiB) bounds the output of every layer, checked before the layer is
 * decrypted or inflated.
 *
 * @throws {FileError} `key-needed` for an encrypted file without `password` or `key`,
 *   `wrong-key`, and the errors of {@link decryptFile} and {@link decompressFile}.
 */
export function openFile(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: OpenOptions = {},
): OpenResult {
  const opts = optionsOf(options, "compressed");
  return peel(asBytes(input, "compressed"), opts, (b) => decompressFile(b, opts).plaintext);
}

/** {@link openFile}, loading the Brotli decoder when a Brotli layer is met. */
export async function openFileAsync(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: OpenOptions = {},
): Promise<OpenResult> {
  const bytes = asBytes(input, "compressed");
  const opts = optionsOf(options, "compressed");
  try {
    return openFile(bytes, opts);
  } catch (e) {
    // Only a Brotli layer without a decoder is retried (then the layers are opened again).
    if (
      !(
        FileError.is(e) &&
        e.code === "unsupported" &&
        opts.brotli === undefined &&
        BROTLI_NEEDED.test(e.detail)
      )
    )
      throw e;
    const { loadBrotli } = await import("./brotli.js");
    return openFile(bytes, { ...opts, brotli: await loadBrotli() });
  }
}

/** Options of {@link sealFile}: the secret for an encrypted layer. */
export type SealOptions = {
  readonly password?: string;
  readonly key?: Uint8Array;
};

/**
 * Puts layers back around `plaintext` (the reverse of {@link openFile}): `layers` outermost
 * first, as `openFile` returns them, possibly changed (another layout, another mode).
 *
 * @throws {FileError} `key-needed` for an encrypted layer without `password` or `key`,
 *   `invalid-argument` for layers that are not an array of layers, and the errors of
 *   {@link encryptFile} and {@link compressFile}.
 */
export function sealFile(
  plaintext: Uint8Array | ArrayBuffer | ArrayBufferView,
  layers: readonly FileLayer[],
  options: SealOptions = {},
): Uint8Array {
  let current = asBytes(plaintext, "compressed", "the plaintext");
  const opts = optionsOf(options, "encrypted");
  if (!Array.isArray(layers))
    throw new FileError("layers must be an array", {
      code: "invalid-argument",
      offset: 0,
      layer: "compressed",
    });
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    oneOf(layer?.kind, ["encrypted", "compressed"], "a layer's kind", "compressed");
    if (layer.kind === "compressed") {
      if (layer.mode === "brotli")
        throw new FileError("Brotli cannot be written (the engine only reads it)", {
          code: "unsupported",
          offset: 0,
          layer: "compressed",
        });
      current = compressFile(current, { mode: layer.mode, blockSize: layer.blockSize });
    } else {
      const secret = secretOf(opts);
      if (secret === undefined)
        throw new FileError("an encrypted layer needs a password or key", {
          code: "key-needed",
          offset: 0,
          layer: "encrypted",
        });
      current = encryptFile(current, {
        ...secret,
        layout: layer.layout,
        ...(layer.layout === "godot-4" && layer.iv !== undefined ? { iv: layer.iv } : {}),
      });
    }
  }
  return current;
}
