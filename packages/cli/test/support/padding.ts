import { type Dialect, decodeWith, encodeUtf8, type Span, type Value } from "@gdvariant/core";

const pad = (n: number) => (4 - (n % 4)) % 4;

// Values in the order the decoder reports spans (innermost first, keys before values).
function postOrder(v: Value, out: Value[]): Value[] {
  if (v.kind === "array") for (const c of v.items) postOrder(c, out);
  else if (v.kind === "dictionary")
    for (const [k, c] of v.entries) {
      postOrder(k, out);
      postOrder(c, out);
    }
  else if (v.kind === "object" && v.form === "full") for (const [, c] of v.properties) postOrder(c, out);
  out.push(v);
  return out;
}

/**
 * Byte positions of `bytes` that hold padding the engine does not write (so they hold whatever
 * its buffer held), per the fixtures' README: NodePath name padding in every version, and in
 * 2.x also string, string-array element, byte-array and image padding. `legacy` selects the 2.x rules.
 */
export function unwrittenPadding(dialect: Dialect, bytes: Uint8Array, legacy: boolean): Set<number> {
  const spans: Span[] = [];
  const value = decodeWith(dialect, bytes, { allowObjects: true, onSpan: (s) => spans.push(s) });
  const values = postOrder(value, []);
  if (values.length !== spans.length) throw new Error("spans and values do not line up");
  const out = new Set<number>();
  const mark = (from: number, n: number) => {
    for (let i = 0; i < n; i++) out.add(from + i);
  };
  values.forEach((v, i) => {
    const s = spans[i]!;
    if (v.kind === "nodePath") {
      let at = s.start + 16;
      const parts = [...v.names, ...v.subnames, ...(v.property !== undefined ? [v.property] : [])];
      for (const p of parts) {
        const len = new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
        mark(at + 4 + len, pad(len));
        at += 4 + len + pad(len);
        void p;
      }
    } else if (legacy && (v.kind === "string" || v.kind === "stringName")) {
      const len = encodeUtf8(v.value).length;
      mark(s.start + 8 + len, pad(len));
    } else if (legacy && v.kind === "packedStringArray") {
      // Godot 2.1.4 does not zero the padding of string-array elements either (see the fixtures).
      let at = s.start + 8;
      for (let k = 0; k < v.data.length; k++) {
        const len = new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
        mark(at + 4 + len, pad(len));
        at += 4 + len + pad(len);
      }
    } else if (legacy && v.kind === "packedByteArray") {
      mark(s.start + 8 + v.data.length, pad(v.data.length));
    } else if (legacy && v.kind === "image") {
      mark(s.start + 24 + v.data.length, pad(v.data.length));
    }
  });
  return out;
}
