/**
 * An engine-version range. `min` and `max` are inclusive `major.minor[.patch]` strings; `max`
 * is absent for "this version or newer". `text` is the short form (`"4.4+"`, `"3.0.x"`,
 * `"4.0-4.2"`, `"2.x"`).
 */
export interface VersionRange {
  readonly min: string;
  readonly max?: string;
  readonly text: string;
}

/**
 * Kinds of input that are not a Variant dump: Godot's encrypted (`GDEC`) and compressed
 * (`GCPF`/`RSCC`) files, PCK archives (`GDPC`, also at the end of an executable), binary
 * resources (`RSRC`), text resources and scenes (`[gd_resource`,
 * `[gd_scene`), project settings files, Godot 4.4+ `JSON.from_native` text, and other JSON.
 */
export type FileKind =
  | "encrypted"
  | "compressed"
  | "compressed-resource"
  | "pck"
  | "embedded-pck"
  | "binary-resource"
  | "text-resource"
  | "project-settings"
  | "json-native"
  | "json"
  | "empty";

/** A recognised non-Variant file, with what its header says. */
export interface FileInfo {
  readonly kind: FileKind;
  /** What it is, in words, with the facts read from its header. */
  readonly description: string;
  /** Engine versions its header implies, when it says. */
  readonly versions?: VersionRange;
  /** Header fields, by name. */
  readonly details: Readonly<Record<string, string | number | boolean>>;
}

/** A range with one exact version (from a file header). */
function exactVersion(major: number, minor: number, patch?: number): VersionRange {
  const s = patch === undefined ? `${major}.${minor}` : `${major}.${minor}.${patch}`;
  return { min: s, max: s, text: s };
}

/** A range from explicit bounds, for file headers. */
function rangeOf(min: string, max?: string): VersionRange {
  if (max === undefined) return { min, text: `${min}+` };
  return { min, max, text: min === max ? min : `${min}-${max}` };
}

// Files that are not a Variant dump but are often mistaken for one (auto-detect asks first). Their first word can never
// be a Variant header (the low byte is an ASCII letter, above every type id), so checking them
// first costs nothing and never hides a dump.

function magic(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

function u32(v: DataView, at: number, be = false): number {
  return v.getUint32(at, !be);
}

const COMPRESSION = ["FastLZ", "Deflate", "Zstd", "Gzip", "Brotli"] as const;

/** Compressed-file header (FileAccessCompressed): magic | u32 mode | u32 block size | u32 size. */
function compressed(b: Uint8Array, v: DataView, kind: "compressed" | "compressed-resource"): FileInfo {
  const details: Record<string, string | number> = { magic: magic(b, 0) };
  let text =
    kind === "compressed"
      ? "Godot compressed file (FileAccessCompressed, GCPF)"
      : "Godot compressed binary resource (RSCC)";
  if (b.length >= 16) {
    const mode = u32(v, 4);
    const name = COMPRESSION[mode] ?? `unknown mode ${mode}`;
    details.compression = name;
    details.blockSize = u32(v, 8);
    details.uncompressedSize = u32(v, 12);
    text += `: ${name}, ${details.uncompressedSize} bytes uncompressed in blocks of ${details.blockSize}`;
    if (kind === "compressed") text += "; @gdvariant/files opens it";
  }
  const out: FileInfo = { kind, description: text, details };
  return details.compression === "Brotli" ? { ...out, versions: rangeOf("4.0") } : out;
}

/**
 * Encrypted-file header (FileAccessEncrypted), as the engines write it:
 *   2.x/3.x: "GDEC" | u32 mode (1) | md5[16] | u64 length | AES-256-ECB blocks
 *   4.x:     "GDEC" | md5[16] | u64 length | iv[16] | AES-256-CFB blocks
 * (4.6.3 output: 4 + 16 + 8 + 16 + 80 = 124 bytes for 76 bytes of plaintext.)
 */
function encrypted(b: Uint8Array, v: DataView): FileInfo {
  const details: Record<string, string | number> = { magic: "GDEC" };
  let text = "Godot encrypted file (FileAccessEncrypted, GDEC), AES-256";
  const blocks = (length: number) => Math.ceil(length / 16) * 16;
  if (b.length >= 32 && u32(v, 4) === 1) {
    const length = Number(v.getBigUint64(24, true));
    if (b.length === 32 + blocks(length)) {
      details.plaintextLength = length;
      details.layout = "godot-3";
      text += `, ${length} bytes of plaintext; the 2.x/3.x header (mode word, no IV); a password or key is needed to read it (@gdvariant/files)`;
      return { kind: "encrypted", description: text, details, versions: rangeOf("2.0", "3.6") };
    }
  }
  if (b.length >= 44) {
    const length = Number(v.getBigUint64(20, true));
    if (b.length === 44 + blocks(length)) {
      details.plaintextLength = length;
      details.layout = "godot-4";
      text += `, ${length} bytes of plaintext; the 4.x header (with IV); a password or key is needed to read it (@gdvariant/files)`;
      return { kind: "encrypted", description: text, details, versions: rangeOf("4.0") };
    }
  }
  return { kind: "encrypted", description: text, details };
}

/** PCK header: magic | u32 pack format | u32 major | u32 minor | u32 patch | ... */
function pck(b: Uint8Array, v: DataView, at: number, kind: "pck" | "embedded-pck"): FileInfo {
  const details: Record<string, string | number> = { magic: "GDPC" };
  let text =
    kind === "pck"
      ? "Godot PCK archive (GDPC)"
      : "executable with an embedded Godot PCK archive (GDPC at the end)";
  if (b.length - at >= 20) {
    const format = u32(v, at + 4);
    const [major, minor, patch] = [u32(v, at + 8), u32(v, at + 12), u32(v, at + 16)];
    Object.assign(details, { packFormat: format, major, minor, patch, offset: at });
    text += ` written by Godot ${major}.${minor}.${patch} (pack format ${format})`;
    if (major >= 1 && major < 100 && minor < 100 && patch < 100) {
      return { kind, description: text, details, versions: exactVersion(major, minor, patch) };
    }
  }
  return { kind, description: text, details };
}

/** Binary resource header: RSRC | u32 big-endian | u32 real64 | u32 major | u32 minor | u32 format | type. */
function resource(b: Uint8Array, v: DataView): FileInfo {
  const details: Record<string, string | number | boolean> = { magic: "RSRC" };
  let text = "Godot binary resource (RSRC: .res/.scn)";
  if (b.length >= 24) {
    const be = u32(v, 4) !== 0;
    const major = u32(v, 12, be);
    const minor = u32(v, 16, be);
    const format = u32(v, 20, be);
    Object.assign(details, {
      bigEndian: be,
      real64: u32(v, 8, be) !== 0,
      major,
      minor,
      formatVersion: format,
    });
    text += ` written by Godot ${major}.${minor}, format version ${format}`;
    if (b.length >= 28) {
      const n = u32(v, 24, be);
      if (n > 0 && n < 256 && 28 + n <= b.length) {
        let type = "";
        for (let i = 0; i < n && b[28 + i] !== 0; i++) type += String.fromCharCode(b[28 + i]!);
        details.type = type;
        text += `, type ${type}`;
      }
    }
    if (major >= 1 && major < 100 && minor < 100) {
      return { kind: "binary-resource", description: text, details, versions: exactVersion(major, minor) };
    }
  }
  return { kind: "binary-resource", description: text, details };
}

/**
 * What a binary input is when it is one of Godot's files that are not a Variant dump: encrypted
 * (`GDEC`), compressed (`GCPF`, `RSCC`), a PCK archive (`GDPC`, also at the end of an
 * executable) or a binary resource (`RSRC`), with what its header says. `undefined` for
 * anything else. None of their first words can be a Variant header.
 */
export function fileKindOf(b: Uint8Array): FileInfo | undefined {
  const n = b.length;
  // Every magic starts with G or R (a Variant header never does): one byte decides for a dump.
  const head = n >= 4 && (b[0] === 0x47 || b[0] === 0x52);
  const tail = n >= 32 && b[n - 4] === 0x47;
  if (!head && !tail) return undefined;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (head) {
    switch (magic(b, 0)) {
      case "GDEC":
        return encrypted(b, v);
      case "GCPF":
        return compressed(b, v, "compressed");
      case "RSCC":
        return compressed(b, v, "compressed-resource");
      case "GDPC":
        return pck(b, v, 0, "pck");
      case "RSRC":
        return resource(b, v);
      default:
    }
  }
  // An exported executable ends with: ... PCK | u64 PCK size | "GDPC".
  if (tail && magic(b, n - 4) === "GDPC") {
    const size = Number(v.getBigUint64(n - 12, true));
    const at = n - 12 - size;
    if (at >= 0 && magic(b, at) === "GDPC") return pck(b, v, at, "embedded-pck");
    return {
      kind: "embedded-pck",
      description: "executable with an embedded Godot PCK archive (GDPC at the end)",
      details: { magic: "GDPC" },
    };
  }
  return undefined;
}

const TEXT_FORMAT: Readonly<Record<string, [string, string | undefined, string]>> = {
  "1": ["2.0", "2.1", "Godot 2.x"],
  "2": ["3.0", "3.6", "Godot 3.x"],
  "3": ["4.0", undefined, "Godot 4.x"],
  // Format 4 is written only when needed (base64 PackedByteArray, PackedVector4Array), 4.3+.
  "4": ["4.3", undefined, "Godot 4.3+"],
};

const CONFIG_VERSION: Readonly<Record<string, [string, string | undefined, string]>> = {
  "3": ["3.0", "3.0", "Godot 3.0"],
  "4": ["3.1", "3.6", "Godot 3.1-3.6"],
  "5": ["4.0", undefined, "Godot 4.x"],
};

/**
 * What a text input is when it is one of Godot's text files (text resources and scenes, project
 * settings) or JSON, with the versions its header implies; `undefined` otherwise.
 */
export function fileKindOfText(text: string): FileInfo | undefined {
  const t = text.replace(/^\uFEFF/, "").trimStart();
  const head = /^\[(gd_resource|gd_scene)\b([^\]]*)\]/.exec(t);
  if (head) {
    const attrs = head[2]!;
    const format = /\bformat=(\d+)/.exec(attrs)?.[1];
    const type = /\btype="([^"]*)"/.exec(attrs)?.[1];
    const uid = /\buid="([^"]*)"/.exec(attrs)?.[1];
    const details: Record<string, string | number> = { header: head[1]! };
    if (format !== undefined) details.format = Number(format);
    if (type !== undefined) details.type = type;
    if (uid !== undefined) details.uid = uid;
    const what = head[1] === "gd_scene" ? "Godot text scene (.tscn)" : "Godot text resource (.tres)";
    const known = format === undefined ? undefined : TEXT_FORMAT[format];
    if (known === undefined)
      return { kind: "text-resource", description: `${what}, format ${format ?? "unknown"}`, details };
    return {
      kind: "text-resource",
      description: `${what}, format=${format}: ${known[2]}${type ? `, type ${type}` : ""}`,
      details,
      versions: rangeOf(known[0], known[1]),
    };
  }
  const config = /^[ \t]*config_version[ \t]*=[ \t]*(\d+)/m.exec(t);
  if (config && /^[ \t]*\[[A-Za-z_]+\]/m.test(t)) {
    const known = CONFIG_VERSION[config[1]!];
    const details = { configVersion: Number(config[1]) };
    if (known === undefined)
      return {
        kind: "project-settings",
        description: `Godot project settings, config_version=${config[1]}`,
        details,
      };
    return {
      kind: "project-settings",
      description: `Godot project settings (project.godot), config_version=${config[1]}: ${known[2]}`,
      details,
      versions: rangeOf(known[0], known[1]),
    };
  }
  if (/^\[application\]/.test(t) && /^name\s*=/m.test(t)) {
    return {
      kind: "project-settings",
      description: "Godot 2.x project settings (engine.cfg: [application] without config_version)",
      details: {},
      versions: rangeOf("2.0", "2.1"),
    };
  }
  if (t.startsWith("{") || t.startsWith("[") || t.startsWith('"')) {
    try {
      const v = parseLenient(t);
      if (looksFromNative(v)) {
        return {
          kind: "json-native",
          description: "Godot 4.4+ JSON.from_native text (what JSON.to_native reads), not a binary Variant",
          details: { length: text.length },
          versions: rangeOf("4.4"),
        };
      }
      if (typeof v === "string") return undefined;
      const shape = Array.isArray(v)
        ? `an array of ${v.length}`
        : `an object with ${Object.keys(v as object).length} keys`;
      return {
        kind: "json",
        description: `JSON text (${shape}), not a binary Variant`,
        details: { length: text.length },
      };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// The shapes of JSON.from_native (core/io/json.cpp): every scalar but null and bools is a
// prefixed string, every other type an object with a string "type" and its "args" (or "props"
// for an object); untyped arrays are plain arrays of such values. Bare numbers appear only
// inside "args". Texts with none of the prefixed strings or typed objects (`[]`, `null`) stay
// plain JSON. At most `budget` nodes are looked at, so the check is linear and bounded.
const PREFIXED = /^(?:i|f|s|sn|np):/;
const NO_PAYLOAD: ReadonlySet<string> = new Set(["RID", "Callable", "Signal"]);
const NATIVE_KEYS: ReadonlySet<string> = new Set([
  "type",
  "args",
  "props",
  "elem_type",
  "key_type",
  "value_type",
]);

function looksFromNative(root: unknown): boolean {
  let budget = 10_000;
  let marked = false;
  const stack: [unknown, boolean][] = [[root, false]];
  while (stack.length > 0 && budget-- > 0) {
    const [v, inArgs] = stack.pop()!;
    if (v === null || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!inArgs) return false;
      continue;
    }
    if (typeof v === "string") {
      if (!PREFIXED.test(v)) return false;
      marked = true;
      continue;
    }
    if (Array.isArray(v)) {
      for (const x of v) stack.push([x, inArgs]);
      continue;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.type !== "string") return false;
    for (const k of Object.keys(o)) if (!NATIVE_KEYS.has(k)) return false;
    // RID, Callable and Signal carry no payload: {"type": "RID"}.
    if (!Array.isArray(o.args) && !Array.isArray(o.props) && !NO_PAYLOAD.has(o.type)) return false;
    marked = true;
    if (o.type === "PackedStringArray") {
      // Its elements are plain strings.
      if (!Array.isArray(o.args) || !o.args.every((x) => typeof x === "string")) return false;
    } else if (Array.isArray(o.args)) for (const x of o.args) stack.push([x, true]);
    // props: [name, value, ...], the names plain strings.
    if (Array.isArray(o.props)) {
      for (let i = 0; i < o.props.length; i += 2) if (typeof o.props[i] !== "string") return false;
      for (let i = 1; i < o.props.length; i += 2) stack.push([o.props[i], false]);
    }
  }
  return marked;
}

// JSON.parse, and again with Godot's own spellings made standard when that fails: its
// JSON.stringify writes a vertical tab as `\v` and the control characters it has no escape for
// as they are, both of which JSON.parse refuses.
function parseLenient(t: string): unknown {
  try {
    return JSON.parse(t);
  } catch (e) {
    // An escape pair is taken whole, so `\\v` (a backslash, then v) stays as it is.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters meant
    const godot = /\\(.)|[\u0000-\u0008\u000b\u000e-\u001f]/gs;
    const fixed = t.replace(godot, (m, c: string | undefined) => {
      if (c !== undefined) return c === "v" ? "\\u000b" : m;
      return `\\u${m.charCodeAt(0).toString(16).padStart(4, "0")}`;
    });
    if (fixed === t) throw e;
    return JSON.parse(fixed);
  }
}
