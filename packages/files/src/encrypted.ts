import { cfb, ecb } from "@noble/ciphers/aes";
import { md5 } from "@noble/hashes/legacy";
import { asBytes, limitOf, oneOf, optionsOf } from "./arguments.js";
import { concat, putU32, putU64, sameBytes, u32, u64 } from "./bytes.js";
import { FileError } from "./errors.js";

// FileAccessEncrypted, as core/io/file_access_encrypted.cpp of each generation writes it:
//
//   godot-3 (2.x and 3.x):  "GDEC"  u32 mode (1 = AES-256 write)  md5[16]  u64 length
//                           AES-256-ECB of the plaintext zero-padded to a multiple of 16
//   godot-4 (4.x):          "GDEC"  md5[16]  u64 length  iv[16]
//                           AES-256-CFB128 (from iv) of the plaintext zero-padded to 16
//
// md5 is of the plaintext (length bytes, not the padding). With a password the key is the 32
// ASCII characters of the lowercase hex MD5 of the password's UTF-8 (String::md5_text).

/** `"GDEC"` read as a little-endian u32. */
export const GDEC_MAGIC = 0x43454447;
const HEADER_3 = 32;
const HEADER_4 = 44;

/** Which FileAccessEncrypted layout: 2.x/3.x (`godot-3`) or 4.x (`godot-4`). */
export type EncryptedLayout = "godot-3" | "godot-4";

/** A password (as `open_encrypted_with_pass`) or a raw 32-byte key (as `open_encrypted`). */
export type Secret = { readonly password: string } | { readonly key: Uint8Array };

/** What the header of an encrypted file says, read without a key. */
export interface EncryptedInfo {
  readonly layout: EncryptedLayout;
  /** Plaintext length from the header. */
  readonly length: number;
  /** MD5 of the plaintext, from the header. */
  readonly md5: Uint8Array;
  /** The 4.x IV; undefined for the 3.x layout. */
  readonly iv: Uint8Array | undefined;
  /** Offset of the ciphertext. */
  readonly dataOffset: number;
}

/** True when `bytes` starts with `GDEC`. */
export function isEncrypted(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && u32(bytes, 0) === GDEC_MAGIC;
}

/** The AES key the engine derives from a password: the 32 ASCII bytes of md5_text(password). */
export function passwordKey(password: string): Uint8Array {
  const hash = md5(new TextEncoder().encode(password));
  let hex = "";
  for (const b of hash) hex += b.toString(16).padStart(2, "0");
  return new TextEncoder().encode(hex);
}

const LAYOUTS: readonly EncryptedLayout[] = ["godot-3", "godot-4"];

function keyOf(secret: Partial<{ password: unknown; key: unknown }>): Uint8Array {
  if (secret.key === undefined && typeof secret.password === "string") return passwordKey(secret.password);
  if (secret.key === undefined)
    throw new FileError(
      secret.password === undefined ? "a password or key is needed" : "a password must be a string",
      { code: "invalid-key", offset: 0, layer: "encrypted" },
    );
  if (!(secret.key instanceof Uint8Array) || secret.key.length !== 32)
    throw new FileError(
      `a key must be a Uint8Array of 32 bytes${secret.key instanceof Uint8Array ? `, got ${secret.key.length}` : ""}`,
      {
        code: "invalid-key",
        offset: 0,
        layer: "encrypted",
      },
    );
  return secret.key;
}

function padded(n: number): number {
  return n % 16 === 0 ? n : n + 16 - (n % 16);
}

/**
 * Reads the header of an encrypted file and tells its layout, without a key. A 3.x header has
 * the mode word 1 after the magic; a 4.x header has the MD5 there. When both could fit (a 4.x
 * MD5 starting with 01 00 00 00), the one whose sizes match the file exactly wins.
 *
 * @param layout force a layout instead of detecting it.
 * @throws {FileError} `bad-magic`, `truncated` (shorter than a header or than the length word
 *   says), `corrupt`, `invalid-argument` (input that is not bytes, an unknown layout).
 */
export function readEncryptedInfo(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  layout?: EncryptedLayout,
): EncryptedInfo {
  const bytes = asBytes(input, "encrypted");
  if (layout !== undefined) oneOf(layout, LAYOUTS, "layout", "encrypted");
  if (!isEncrypted(bytes))
    throw new FileError("not an encrypted file (no GDEC magic)", {
      code: "bad-magic",
      offset: 0,
      layer: "encrypted",
    });
  const fits3 = bytes.length >= HEADER_3 && u32(bytes, 4) === 1;
  const exact3 = fits3 && bytes.length === HEADER_3 + padded(u64(bytes, 24));
  const exact4 = bytes.length >= HEADER_4 && bytes.length === HEADER_4 + padded(u64(bytes, 20));
  const chosen: EncryptedLayout =
    layout ?? (exact3 ? "godot-3" : exact4 ? "godot-4" : fits3 ? "godot-3" : "godot-4");
  if (chosen === "godot-3") {
    if (bytes.length < HEADER_3)
      throw new FileError(`a 3.x header needs ${HEADER_3} bytes, the file has ${bytes.length}`, {
        code: "truncated",
        offset: bytes.length,
        layer: "encrypted",
      });
    const mode = u32(bytes, 4);
    if (mode !== 1)
      throw new FileError(`mode word ${mode} is not 1 (AES-256)`, {
        code: "corrupt",
        offset: 4,
        layer: "encrypted",
      });
    return check(
      bytes,
      {
        layout: chosen,
        md5: bytes.slice(8, 24),
        length: u64(bytes, 24),
        iv: undefined,
        dataOffset: HEADER_3,
      },
      24,
    );
  }
  if (bytes.length < HEADER_4)
    throw new FileError(`a 4.x header needs ${HEADER_4} bytes, the file has ${bytes.length}`, {
      code: "truncated",
      offset: bytes.length,
      layer: "encrypted",
    });
  return check(
    bytes,
    {
      layout: chosen,
      md5: bytes.slice(4, 20),
      length: u64(bytes, 20),
      iv: bytes.slice(28, 44),
      dataOffset: HEADER_4,
    },
    20,
  );
}

function check(bytes: Uint8Array, info: EncryptedInfo, lengthAt: number): EncryptedInfo {
  const need = info.dataOffset + padded(info.length);
  // The engine refuses length > file (ERR_FILE_CORRUPT), then reads the padded ciphertext.
  if (info.length > bytes.length - info.dataOffset)
    throw new FileError(`length word ${info.length} is larger than the file`, {
      code: "corrupt",
      offset: lengthAt,
      layer: "encrypted",
    });
  if (bytes.length < need)
    throw new FileError(
      `the ciphertext needs ${padded(info.length)} bytes, ${bytes.length - info.dataOffset} left`,
      {
        code: "truncated",
        offset: bytes.length,
        layer: "encrypted",
      },
    );
  return info;
}

/** The plaintext of an encrypted file and what its header said. */
export interface DecryptResult extends EncryptedInfo {
  readonly plaintext: Uint8Array;
}

/** Options of {@link decryptFile}. */
export type DecryptOptions = Secret & {
  /** Force a layout instead of detecting it. */
  readonly layout?: EncryptedLayout;
  /**
   * Largest plaintext accepted, in bytes (a whole number, 0 or more): a header that declares
   * more is refused before anything is decrypted. Default: no limit beyond the file's size.
   */
  readonly maxBytes?: number;
};

/**
 * Decrypts a file written by `open_encrypted_with_pass` / `open_encrypted` (or a ConfigFile's
 * `save_encrypted_pass`) of Godot 2.x, 3.x or 4.x, and checks the MD5 as the engine does.
 *
 * @throws {FileError} `wrong-key` when the MD5 of the result is not the header's (a wrong
 *   password or key: never garbage output), `invalid-key` (no password or key, a key that is not
 *   32 bytes), `limit-exceeded` (past `maxBytes`), `invalid-argument` (options that are not an
 *   object), and the errors of {@link readEncryptedInfo}.
 */
export function decryptFile(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: DecryptOptions,
): DecryptResult {
  const bytes = asBytes(input, "encrypted");
  const opts = optionsOf<DecryptOptions>(options, "encrypted") as Partial<
    DecryptOptions & { password: unknown; key: unknown }
  >;
  const maxBytes = limitOf(opts.maxBytes, Number.POSITIVE_INFINITY, "maxBytes", "encrypted");
  const info = readEncryptedInfo(bytes, opts.layout);
  if (info.length > maxBytes)
    throw new FileError(`the plaintext would be ${info.length} bytes, over maxBytes ${maxBytes}`, {
      code: "limit-exceeded",
      offset: info.layout === "godot-3" ? 24 : 20,
      layer: "encrypted",
    });
  const key = keyOf(opts);
  const data = bytes.subarray(info.dataOffset, info.dataOffset + padded(info.length));
  const plain =
    info.layout === "godot-3"
      ? ecb(key, { disablePadding: true }).decrypt(data)
      : cfb(key, info.iv!).decrypt(data);
  const plaintext = plain.subarray(0, info.length);
  if (!sameBytes(md5(plaintext), info.md5))
    throw new FileError(
      "the MD5 of the decrypted bytes does not match the header: wrong password or key, or a corrupt file",
      { code: "wrong-key", offset: info.layout === "godot-3" ? 8 : 4, layer: "encrypted" },
    );
  return { ...info, plaintext };
}

/** Options of {@link encryptFile}. */
export type EncryptOptions = Secret & {
  /** `godot-3` for 2.x/3.x engines, `godot-4` for 4.x. */
  readonly layout: EncryptedLayout;
  /**
   * The 4.x IV (16 bytes), as `FileAccess.open_encrypted(path, mode, key, iv)` takes it.
   * Default: 16 random bytes from `crypto.getRandomValues`, as the engine does.
   */
  readonly iv?: Uint8Array;
};

/**
 * Encrypts `plaintext` the way the engine's FileAccessEncrypted writes it, for the engine of
 * `layout` to read back with the same password or key.
 *
 * @throws {FileError} `invalid-key` for a key that is not 32 bytes or an IV that is not 16
 *   (or an IV given for the 3.x layout, which has none), `invalid-argument` for a plaintext
 *   that is not bytes, options that are not an object, a layout that is not `godot-3` or
 *   `godot-4`.
 */
export function encryptFile(
  plaintextInput: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: EncryptOptions,
): Uint8Array {
  const plaintext = asBytes(plaintextInput, "encrypted", "the plaintext");
  const opts = optionsOf<EncryptOptions>(options, "encrypted") as Partial<
    EncryptOptions & { password: unknown; key: unknown }
  >;
  const layout = oneOf(opts.layout, LAYOUTS, "layout", "encrypted");
  const key = keyOf(opts);
  const body = new Uint8Array(padded(plaintext.length));
  body.set(plaintext);
  const hash = md5(plaintext);
  if (layout === "godot-3") {
    if (opts.iv !== undefined)
      throw new FileError("the 3.x layout has no IV", { code: "invalid-key", offset: 0, layer: "encrypted" });
    const head = new Uint8Array(HEADER_3);
    putU32(head, 0, GDEC_MAGIC);
    putU32(head, 4, 1);
    head.set(hash, 8);
    putU64(head, 24, plaintext.length);
    return concat([head, ecb(key, { disablePadding: true }).encrypt(body)]);
  }
  const iv = opts.iv ?? crypto.getRandomValues(new Uint8Array(16));
  if (!(iv instanceof Uint8Array) || iv.length !== 16)
    throw new FileError(`an IV must be 16 bytes, got ${iv?.length}`, {
      code: "invalid-key",
      offset: 0,
      layer: "encrypted",
    });
  const head = new Uint8Array(HEADER_4);
  putU32(head, 0, GDEC_MAGIC);
  head.set(hash, 4);
  putU64(head, 20, plaintext.length);
  head.set(iv, 28);
  return concat([head, cfb(key, iv).encrypt(body)]);
}
