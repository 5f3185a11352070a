import { DecodeError, decodeWithLength } from "@gdvariant/core";
import { DIALECT_IDS, type DialectId, dialectEntry } from "./dialects.js";
import type { ReadChoice } from "./resolve.js";

// A store_var file cut short (a download that stopped, `head -c`): its length words chain
// through the intact records, then one claims more bytes than are left. The detector finds no
// reading that covers the file, and its closest reading is often a raw Variant that fails on
// byte 0 (the length word read as a header): naming that misleads. These are the file's facts.

/**
 * The dialect of a store_var file whose last record is cut short, or undefined when the bytes are
 * not that: the length words chain through whole records, the next one claims more bytes than
 * are left, and the cut record's bytes begin a Variant the dialect reads until they run out (or
 * the intact records before it read as store_var records of the dialect).
 */
export function cutStoreVarDialect(
  bytes: Uint8Array,
  choice: ReadChoice,
  intactDialect: (prefix: Uint8Array) => DialectId | undefined,
): DialectId | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (;;) {
    if (bytes.length - at < 4) return undefined;
    const length = view.getUint32(at, !choice.bigEndian);
    if (length < 4 || length > 0x7fffffff) return undefined;
    if (length > bytes.length - at - 4) break;
    at += 4 + length;
    if (at === bytes.length) return undefined;
  }
  if (at > 0) {
    const id = intactDialect(bytes.subarray(0, at));
    if (id !== undefined) return id;
  }
  // The cut record needs its header at least.
  if (bytes.length - at < 8) return undefined;
  const ids = choice.dialect === "auto" ? DIALECT_IDS : [choice.dialect];
  for (const id of ids) {
    try {
      decodeWithLength(dialectEntry(id).reader, bytes.subarray(at + 4), {
        allowObjects: choice.allowObjects,
      });
    } catch (e) {
      if (DecodeError.is(e) && e.code === "truncated") return id;
    }
  }
  return undefined;
}
