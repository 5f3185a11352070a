// What the input is before any reading: bytes or text, base64 or not.

export function toBytes(input: unknown): Uint8Array | undefined {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof SharedArrayBuffer !== "undefined" && input instanceof SharedArrayBuffer)
    return new Uint8Array(input);
  return undefined;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

// Text, not a binary dump: no NUL or other C0 control bytes (tab, CR, LF aside) at the start,
// and valid UTF-8. A Variant's header word always holds a NUL or control byte there.
export function asText(b: Uint8Array): string | undefined {
  const head = Math.min(b.length, 64);
  for (let i = 0; i < head; i++) {
    const c = b[i]!;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13) return undefined;
  }
  try {
    return utf8.decode(b);
  } catch {
    return undefined;
  }
}

export const BASE64_TEXT = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;
