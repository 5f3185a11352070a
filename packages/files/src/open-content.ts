import { asBytes } from "./arguments.js";
import type { BrotliDecoder } from "./brotli.js";
import { DEFAULT_MAX_BYTES, decompressFile, isCompressed, readCompressedInfo } from "./compressed.js";
import { type ConfigDialect, type ConfigSections, parseConfigFile } from "./config-file.js";
import { isEncrypted } from "./encrypted.js";
import { type EnvelopeMode, envelopeMagic, mayBeFastLz, openEnvelope, sealEnvelope } from "./envelope.js";
import { FileError } from "./errors.js";
import {
  type FileLayer,
  type OpenOptions,
  openEncryptedLayer,
  type SealOptions,
  sealFile,
} from "./layers.js";
import {
  isProjectBinary,
  type ProjectBinaryEntry,
  parseProjectBinary,
  settingSection,
} from "./project-binary.js";

// One call for whatever a user holds: it takes off every layer it finds (GDEC, GCPF, a
// PackedByteArray.compress envelope), then says what is inside: Variant bytes (read by the
// caller's detector, so this package needs no dialect), a project.binary, ConfigFile text, or
// nothing (a sealed save with no records).

/** Layers never nest deeper in practice; the bound stops a file that seals itself forever. */
const MAX_LAYERS = 4;

/**
 * A layer taken off, outermost first: a {@link FileLayer} (GDEC, GCPF), or a
 * `PackedByteArray.compress()` envelope (the compressed stream alone).
 */
export type ContentLayer = FileLayer | { readonly kind: "envelope"; readonly mode: EnvelopeMode };

/** Where the bytes handed to the detector come from. */
export type DetectContext =
  | { readonly part: "file"; readonly layers: readonly ContentLayer[] }
  | { readonly part: "setting"; readonly key: string };

/**
 * The caller's detector: what it makes of Variant bytes (`R`), or `undefined` when it does not
 * read them as Variant data (then the envelopes without magic, FastLZ and Brotli, are tried,
 * and text is tried as a ConfigFile). `part: "setting"` is one project.binary value: a single
 * raw Variant (`var_to_bytes` with full objects).
 */
export type ContentDetector<R> = (bytes: Uint8Array, context: DetectContext) => R | undefined;

/** One setting of a project.binary: where its value is, and what the detector made of it. */
export interface ProjectSetting<R> extends ProjectBinaryEntry {
  /** `application` for `application/config/name` (empty for a key without a slash). */
  readonly section: string;
  /** `config/name` for `application/config/name`. */
  readonly name: string;
  /** The value's Variant bytes. */
  readonly bytes: Uint8Array;
  /** The detector's reading, undefined when it did not read them. */
  readonly reading: R | undefined;
}

/** What is inside the layers. */
export type Content<R> =
  /** Variant bytes, with the detector's reading. */
  | { readonly kind: "variant"; readonly reading: R }
  /** Nothing: a save with no records (the engine writes a 32-44-byte sealed file for it). */
  | { readonly kind: "empty" }
  /** ConfigFile text (`ConfigFile.save`, `save_encrypted_pass`, project.godot). */
  | {
      readonly kind: "config-file";
      readonly sections: ConfigSections;
      /** The generation whose text syntax read it. */
      readonly dialect: ConfigDialect;
    }
  /** An exported project's settings (`project.binary`). */
  | { readonly kind: "project-binary"; readonly settings: readonly ProjectSetting<R>[] }
  /** None of these: the detector did not read the bytes and they are no ConfigFile. */
  | { readonly kind: "unknown" };

/** What {@link openContent} found. */
export interface OpenedContent<R> {
  /** The layers taken off, outermost first. */
  readonly layers: readonly ContentLayer[];
  /** The bytes inside the last layer. */
  readonly plaintext: Uint8Array;
  readonly content: Content<R>;
}

/** Options of {@link openContent}: {@link OpenOptions} and the caller's detector. */
export type OpenContentOptions<R> = OpenOptions & {
  /** Reads Variant bytes: see {@link ContentDetector}. */
  readonly detect: ContentDetector<R>;
};

/** Takes one layer off `bytes`, or returns undefined when there is none with a magic. */
function peelOne(
  bytes: Uint8Array,
  options: OpenOptions,
  brotli: BrotliDecoder | undefined,
): { layer: ContentLayer; inner: Uint8Array } | undefined {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (isEncrypted(bytes)) return openEncryptedLayer(bytes, options);
  if (isCompressed(bytes)) {
    const info = readCompressedInfo(bytes, options);
    const inner = decompressFile(bytes, { maxBytes, ...(brotli ? { brotli } : {}) }).plaintext;
    return { layer: { kind: "compressed", mode: info.mode, blockSize: info.blockSize }, inner };
  }
  const mode = envelopeMagic(bytes);
  if (mode !== undefined)
    return { layer: { kind: "envelope", mode }, inner: openEnvelope(bytes, mode, maxBytes) };
  return undefined;
}

function isText(bytes: Uint8Array): string | undefined {
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** ConfigFile text, read with the generation the file's clues name first, then the other. */
function configOf(text: string, layers: readonly ContentLayer[]): Content<never> | undefined {
  // 3.x clues: a 3.x encrypted layout, project.godot's config_version 3 or 4, or the spaces 3.x
  // writes inside constructors (`Vector2( 1, 2 )`).
  const sealed3 = layers.some((l) => l.kind === "encrypted" && l.layout === "godot-3");
  const version = /^\s*config_version\s*=\s*(\d+)/m.exec(text)?.[1];
  const three = sealed3 || version === "3" || version === "4" || /\b[A-Z]\w*\( /.test(text);
  const order: ConfigDialect[] = three ? ["godot-3", "godot-4"] : ["godot-4", "godot-3"];
  for (const dialect of order) {
    try {
      const sections = parseConfigFile(text, { dialect });
      if (sections.size === 0) return undefined;
      return { kind: "config-file", sections, dialect };
    } catch (e) {
      if (!FileError.is(e)) throw e;
    }
  }
  return undefined;
}

function contentOf<R>(
  bytes: Uint8Array,
  layers: ContentLayer[],
  options: OpenContentOptions<R>,
  brotli: BrotliDecoder | undefined,
): { plaintext: Uint8Array; content: Content<R> } {
  if (bytes.length === 0) return { plaintext: bytes, content: { kind: "empty" } };
  if (isProjectBinary(bytes)) {
    const settings = parseProjectBinary(bytes).map((e): ProjectSetting<R> => {
      const value = bytes.subarray(e.offset, e.offset + e.length);
      return {
        ...e,
        ...settingSection(e.key),
        bytes: value,
        reading: options.detect(value, { part: "setting", key: e.key }),
      };
    });
    return { plaintext: bytes, content: { kind: "project-binary", settings } };
  }
  const reading = options.detect(bytes, { part: "file", layers });
  if (reading !== undefined) return { plaintext: bytes, content: { kind: "variant", reading } };
  const text = isText(bytes);
  if (text !== undefined) {
    const config = configOf(text, layers);
    return { plaintext: bytes, content: config ?? { kind: "unknown" } };
  }
  // Envelopes without magic: kept only when the detector reads what comes out.
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const tries: EnvelopeMode[] = [];
  if (mayBeFastLz(bytes)) tries.push("fastlz");
  if (brotli !== undefined) tries.push("brotli");
  for (const mode of tries) {
    let inner: Uint8Array;
    try {
      inner = openEnvelope(bytes, mode, maxBytes, brotli);
    } catch (e) {
      if (FileError.is(e)) continue;
      // The pure-JS Brotli decoder throws plain errors for bytes that are not Brotli.
      if (mode === "brotli" && e instanceof Error) continue;
      throw e;
    }
    if (inner.length === 0) continue;
    const envelope: ContentLayer = { kind: "envelope", mode };
    const r = options.detect(inner, { part: "file", layers: [...layers, envelope] });
    if (r !== undefined) {
      layers.push(envelope);
      return { plaintext: inner, content: { kind: "variant", reading: r } };
    }
  }
  return { plaintext: bytes, content: { kind: "unknown" } };
}

function openWith<R>(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: OpenContentOptions<R>,
  brotli: BrotliDecoder | undefined,
): OpenedContent<R> {
  let current = asBytes(input, "compressed");
  if (typeof options?.detect !== "function")
    throw new FileError("openContent needs `detect`: a function that reads Variant bytes", {
      code: "invalid-argument",
      offset: 0,
      layer: "compressed",
    });
  const layers: ContentLayer[] = [];
  for (let depth = 0; depth < MAX_LAYERS; depth++) {
    const peeled = peelOne(current, options, brotli);
    if (peeled === undefined) break;
    layers.push(peeled.layer);
    current = peeled.inner;
  }
  const { plaintext, content } = contentOf(current, layers, options, brotli);
  return { layers, plaintext, content };
}

/**
 * Opens whatever a user holds, in one call: takes off every layer (encrypted `GDEC` by password
 * or raw key, compressed `GCPF` in any mode, `PackedByteArray.compress()` envelopes: GZip,
 * Deflate and Zstd by their magic, FastLZ when the detector reads what it gives), then says what
 * is inside: Variant bytes read by `options.detect` (the caller's detector: this package has no
 * dialect), an exported `project.binary` (each setting's value handed to the detector), ConfigFile
 * text as sections of values, or `empty` (a save with no records: zero records, as the engine
 * reads it). Brotli (GCPF mode 4 and envelopes) needs {@link openContentAsync}.
 *
 * @param options `detect` (required), `password` or `key` (for an encrypted layer), `maxBytes`
 *   (default 256 MiB: the largest plaintext any layer may give), `brotli` (a decoder).
 * @throws {FileError} `key-needed`, `wrong-key` and the errors of each layer (`compressed` for a
 *   stream that does not inflate, `project-settings` for a broken project.binary);
 *   `invalid-argument` without a `detect` function or for input that is not bytes.
 */
export function openContent<R>(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: OpenContentOptions<R>,
): OpenedContent<R> {
  return openWith(input, options, options.brotli);
}

/**
 * {@link openContent}, loading the Brotli decoder when a Brotli layer is met or when nothing else
 * read the bytes (a Brotli envelope has no magic).
 *
 * @throws {FileError} as {@link openContent}.
 */
export async function openContentAsync<R>(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: OpenContentOptions<R>,
): Promise<OpenedContent<R>> {
  if (options.brotli !== undefined) return openWith(input, options, options.brotli);
  let first: OpenedContent<R>;
  try {
    first = openWith(input, options, undefined);
  } catch (e) {
    if (!(FileError.is(e) && e.code === "unsupported" && /Brotli/.test(e.detail))) throw e;
    const { loadBrotli } = await import("./brotli.js");
    return openWith(input, options, await loadBrotli());
  }
  if (first.content.kind !== "unknown" || isText(first.plaintext) !== undefined) return first;
  const { loadBrotli } = await import("./brotli.js");
  return openWith(input, options, await loadBrotli());
}

/**
 * Puts `layers` (as {@link openContent} returns them, outermost first) back around `plaintext`:
 * envelopes as `PackedByteArray.compress()` writes them, the rest as {@link sealFile} does.
 *
 * @throws {FileError} as {@link sealFile}; `unsupported` for a Brotli envelope.
 */
export function sealContent(
  plaintext: Uint8Array | ArrayBuffer | ArrayBufferView,
  layers: readonly ContentLayer[],
  options: SealOptions = {},
): Uint8Array {
  let current = asBytes(plaintext, "compressed", "the plaintext");
  // Runs of file layers are sealed by sealFile; an envelope between them by sealEnvelope.
  let end = layers.length;
  for (let i = layers.length - 1; i >= -1; i--) {
    const layer = i >= 0 ? layers[i]! : undefined;
    if (layer === undefined || layer.kind === "envelope") {
      const run = layers.slice(i + 1, end) as FileLayer[];
      if (run.length > 0) current = sealFile(current, run, options);
      if (layer !== undefined) current = sealEnvelope(current, layer.mode);
      end = i;
    }
  }
  return current;
}
