// Test helpers: reading the copied 2.1.4 fixtures and comparing bytes with the engine's
// uninitialised bytes (`??`) and padding masked.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bytesToHex as hex } from "@gdvariant/test-support/hex";

const dir = fileURLToPath(new URL("../fixtures/", import.meta.url));

export function fixtureText(name: string): string {
  return readFileSync(dir + name, "utf8");
}

/** Engine hex with `??` (uninitialised bytes) written as zeros. */
export function unhex(h: string): Uint8Array {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) {
    const pair = h.slice(i * 2, i * 2 + 2);
    out[i] = pair === "??" ? 0 : Number.parseInt(pair, 16);
  }
  return out;
}

export { hex };

export interface VectorLine {
  label: string;
  hex: string;
}

export function vectorLines(): VectorLine[] {
  return fixtureText("vectors.txt")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const [label = "", h = ""] = l.split(" ");
      return { label, hex: h };
    });
}

export interface RandomCase {
  line: number;
  hex: string;
  /** The engine's var2str text, c_escape()d as in the file. */
  text: string;
}

export function randomCases(): RandomCase[] {
  return fixtureText("random-cases.tsv")
    .split("\n")
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l !== "")
    .map(({ l, i }) => {
      const [, h = "", text = ""] = l.split("\t");
      return { line: i + 1, hex: h, text };
    });
}

/**
 * Positions of padding bytes in 2.x Variant bytes (after strings, NodePath names, image data,
 * byte arrays and string-array elements), found by an independent walk of the wire format
 * (not the package's decoder). The 2.1 engine never writes these bytes.
 */
export function paddingMask(bytes: Uint8Array): boolean[] {
  const mask = new Array<boolean>(bytes.length).fill(false);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 0;
  const u32 = () => {
    const v = dv.getUint32(p, true);
    p += 4;
    return v;
  };
  const padAfter = (n: number) => {
    const pad = (4 - (n % 4)) % 4;
    for (let i = 0; i < pad; i++) mask[p + i] = true;
    p += pad;
  };
  const str = () => {
    const n = u32();
    p += n;
    padAfter(n);
  };
  // (`p += u32()` would read p before u32() moves it.)
  const skip = (size: number) => {
    const n = u32();
    p += size * n;
  };
  const FIXED: Record<number, number> = {
    0: 0,
    1: 4,
    2: 4,
    3: 4,
    5: 8,
    6: 16,
    7: 12,
    8: 24,
    9: 16,
    10: 16,
    11: 24,
    12: 36,
    13: 48,
    14: 16,
    17: 0,
    18: 0,
  };
  const value = (): void => {
    const type = u32() & 0xff;
    if (type in FIXED) {
      p += FIXED[type]!;
      return;
    }
    switch (type) {
      case 4:
        str();
        return;
      case 15: {
        p += 16;
        const n = u32();
        p += n;
        padAfter(n);
        return;
      }
      case 16: {
        const names = u32() & 0x7fffffff;
        const subs = u32();
        const flags = u32();
        for (let i = 0; i < names + subs + (flags & 2 ? 1 : 0); i++) str();
        return;
      }
      case 19: {
        p += 8;
        const n = u32();
        p += n - 12;
        return;
      }
      case 20: {
        const n = u32() & 0x7fffffff;
        for (let i = 0; i < 2 * n; i++) value();
        return;
      }
      case 21: {
        const n = u32() & 0x7fffffff;
        for (let i = 0; i < n; i++) value();
        return;
      }
      case 22: {
        const n = u32();
        p += n;
        padAfter(n);
        return;
      }
      case 23:
      case 24:
        skip(4);
        return;
      case 25: {
        const n = u32();
        for (let i = 0; i < n; i++) str();
        return;
      }
      case 26:
        skip(8);
        return;
      case 27:
        skip(12);
        return;
      case 28:
        skip(16);
        return;
      default:
        throw new Error(`paddingMask: type ${type}`);
    }
  };
  value();
  return mask;
}

/**
 * Compares our bytes with engine hex: lengths equal and every byte equal except `??` bytes and
 * padding. Returns a description of the first real difference, or undefined.
 */
export function diffMasked(engineHex: string, ours: Uint8Array): string | undefined {
  const engine = unhex(engineHex);
  if (engine.length !== ours.length) return `length ${ours.length}, engine ${engine.length}`;
  const mask = paddingMask(engine);
  for (let i = 0; i < engine.length; i++) {
    if (engineHex.slice(i * 2, i * 2 + 2) === "??" || mask[i]) continue;
    if (engine[i] !== ours[i]) return `byte ${i}: ${ours[i]} vs engine ${engine[i]}`;
  }
  return undefined;
}

/** Undoes the engine's `c_escape()` (the fixture files store var2str text escaped). */
export function cUnescape(s: string): string {
  const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v" };
  return s.replace(/\\(.)/g, (_, c: string) => map[c] ?? c);
}

/** {@link diffMasked} for a store_var / put_var stream: u32 length words, each record masked. */
export function diffMaskedStream(engineHex: string, ours: Uint8Array): string | undefined {
  if (engineHex.length !== ours.length * 2) return `length ${ours.length}, engine ${engineHex.length / 2}`;
  const dv = new DataView(ours.buffer, ours.byteOffset, ours.byteLength);
  for (let p = 0; p < ours.length; ) {
    if (engineHex.slice(p * 2, p * 2 + 8) !== hex(ours.subarray(p, p + 4))) return `length word at ${p}`;
    const n = dv.getUint32(p, true);
    const d = diffMasked(engineHex.slice((p + 4) * 2, (p + 4 + n) * 2), ours.subarray(p + 4, p + 4 + n));
    if (d) return `record at ${p}: ${d}`;
    p += 4 + n;
  }
  return undefined;
}
