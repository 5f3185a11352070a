// The engine never writes the padding after NodePath names (it advances over whatever the buffer
// held), so comparisons against engine bytes mask those bytes. Their positions are found by
// walking the bytes with decode's span report.
import { decode } from "@gdvariant/godot-4";

/** Offsets of NodePath name/subname padding bytes in `bytes` (one Variant). */
export function nodePathPadding(bytes: Uint8Array, allowObjects: boolean): Set<number> {
  const out = new Set<number>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  decode(bytes, {
    allowObjects,
    onSpan: (span) => {
      if (span.wireId !== 22) return;
      // header, name count | 0x80000000, subname count, flags, then the padded strings.
      const names = view.getUint32(span.start + 4, true) & 0x7fffffff;
      const subs = view.getUint32(span.start + 8, true);
      const flags = view.getUint32(span.start + 12, true);
      let at = span.start + 16;
      for (let i = 0; i < names + subs + (flags & 2 ? 1 : 0); i++) {
        const n = view.getUint32(at, true);
        at += 4 + n;
        for (let p = 0; p < (4 - (n % 4)) % 4; p++) out.add(at++);
      }
    },
  });
  return out;
}

/** Hex of `bytes` with the given offsets written as `??`. */
export function maskedHex(bytes: Uint8Array, mask: ReadonlySet<number>): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += mask.has(i) ? "??" : bytes[i]!.toString(16).padStart(2, "0");
  return s;
}
