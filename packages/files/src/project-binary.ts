import { concat, putU32, u32 } from "./bytes.js";
import { FileError } from "./errors.js";

// project.binary, the exported project settings (core/config/project_settings.cpp,
// _save_settings_binary / _load_settings_binary, the same in 3.x and 4.x):
//
//   "ECFG"  u32 count  count × ( u32 key length, key UTF-8 (no padding), u32 value length,
//                                value: encode_variant with full objects )
//
// A key is "section/name" (a key without a section has no slash); `_custom_features` comes first
// when the export set custom features.

/** `"ECFG"`, the first four bytes of a project.binary. */
export const ECFG_MAGIC = "ECFG";

/** One setting of a project.binary: its key and where its Variant bytes are. */
export interface ProjectBinaryEntry {
  /** The full key, `section/name` (`application/config/name`). */
  readonly key: string;
  /** Byte offset of the value's Variant bytes in the file. */
  readonly offset: number;
  /** Bytes of the value (encode_variant with full objects). */
  readonly length: number;
}

/** True when `bytes` starts with `ECFG`. */
export function isProjectBinary(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x45 && bytes[1] === 0x43 && bytes[2] === 0x46 && bytes[3] === 0x47
  );
}

function fail(detail: string, code: FileError["code"], offset: number, cause?: unknown): never {
  throw new FileError(detail, { code, offset, layer: "project-settings", cause });
}

/**
 * Splits a project.binary into its settings: each key with the offset and length of its value's
 * Variant bytes (read them with a dialect: the generation is not in the header). Every length is
 * checked against the file before anything is read, so a hostile count costs nothing.
 *
 * @throws {FileError} (layer `project-settings`) `bad-magic` without `ECFG`, `truncated` when a
 *   key or value runs past the end, `corrupt` for a key that is not UTF-8 or bytes after the last
 *   setting.
 */
export function parseProjectBinary(bytes: Uint8Array): ProjectBinaryEntry[] {
  if (!isProjectBinary(bytes)) fail("not a project.binary (no ECFG magic)", "bad-magic", 0);
  if (bytes.length < 8) fail("the header needs 8 bytes", "truncated", bytes.length);
  const count = u32(bytes, 4);
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const entries: ProjectBinaryEntry[] = [];
  let at = 8;
  // Each setting takes 8 bytes at least: a count larger than the file allows is cut short below.
  for (let i = 0; i < count; i++) {
    if (bytes.length - at < 4) fail(`setting ${i}: the key length is cut short`, "truncated", at);
    const keyLength = u32(bytes, at);
    if (keyLength > bytes.length - at - 4)
      fail(`setting ${i}: a key of ${keyLength} bytes runs past the end`, "truncated", at);
    let key: string;
    try {
      key = utf8.decode(bytes.subarray(at + 4, at + 4 + keyLength));
    } catch (e) {
      fail(`setting ${i}: the key is not UTF-8`, "corrupt", at + 4, e);
    }
    at += 4 + keyLength;
    if (bytes.length - at < 4) fail(`setting '${key}': the value length is cut short`, "truncated", at);
    const length = u32(bytes, at);
    if (length > bytes.length - at - 4)
      fail(`setting '${key}': a value of ${length} bytes runs past the end`, "truncated", at);
    entries.push({ key, offset: at + 4, length });
    at += 4 + length;
  }
  if (at !== bytes.length) fail(`${bytes.length - at} bytes after the last setting`, "corrupt", at);
  return entries;
}

/** The section and name of a key, as project.godot shows them (`application`, `config/name`). */
export function settingSection(key: string): { readonly section: string; readonly name: string } {
  const slash = key.indexOf("/");
  return slash < 0
    ? { section: "", name: key }
    : { section: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** The key of a section's setting, as a project.binary holds it (`application/config/name`). */
export function settingKey(section: string, name: string): string {
  return section === "" ? name : `${section}/${name}`;
}

function word(n: number): Uint8Array {
  const b = new Uint8Array(4);
  putU32(b, 0, n);
  return b;
}

/**
 * A project.binary of settings: `ECFG`, the count, then each key (UTF-8; a lone surrogate, which
 * no engine String holds, becomes U+FFFD) and its value's Variant bytes, in the order given, as
 * the engine's `_save_settings_binary` lays them out. Encode the values with the generation of
 * the engine that loads the file (the header does not say), with full objects.
 */
export function writeProjectBinary(
  settings: Iterable<readonly [key: string, value: Uint8Array]>,
): Uint8Array {
  const utf8 = new TextEncoder();
  const head = new Uint8Array(8);
  head.set([0x45, 0x43, 0x46, 0x47]);
  const parts: Uint8Array[] = [head];
  let count = 0;
  for (const [key, value] of settings) {
    const k = utf8.encode(key);
    parts.push(word(k.length), k, word(value.length), value);
    count++;
  }
  putU32(head, 4, count);
  return concat(parts);
}
