import type { Codec, DecodeContext, EncodeContext } from "../dialect/contract.js";
import type { ArrayValue, ContainerType, DictionaryEntry, DictionaryValue, Value } from "../value/types.js";
import { isKind } from "../value/types.js";
import { badField, checkArray, checkFlag } from "./check.js";
import { defineCodec } from "./define.js";
import { inline, Tag } from "./inline.js";
import { arrayLayout, dictionaryLayout } from "./layouts.js";

/**
 * Options of the ARRAY and DICTIONARY codecs.
 * - `typed`: {@link typedContainers} for a dialect whose header bits 16-17 (arrays; dictionary
 *   keys) and 18-19 (dictionary values) hold a container-type kind (0 none, 1 builtin, 2 class
 *   name, 3 script) whose info follows the header (4.3+ arrays, 4.4+ dictionaries). It is an
 *   object rather than a flag so that the dialects without typed containers (2.x, 3.x) do not
 *   bundle its code.
 * - `shared`: bit 31 of the count word is kept as `shared` and written back (2.x). Otherwise it
 *   is masked away on read (3.x/4.x) and never written.
 * - `untyped`: what the encoder does with a typed value when `typed` is off: `"error"` refuses
 *   it (`unsupported-kind`), `"drop"` writes it untyped as 4.0-4.2 engines did.
 */
export interface ContainerOptions {
  typed?: TypedContainers | undefined;
  shared?: boolean;
  untyped?: "error" | "drop";
  /** Shown in the error for a typed value the dialect cannot write (e.g. "Godot 4.3+"). */
  typedSince?: string;
}

/** How typed containers read and write their element, key and value types: {@link typedContainers}. */
export interface TypedContainers {
  /** The header's 2-bit code of each container-type kind. */
  readonly code: { readonly [K in ContainerType["kind"]]: number };
  read(ctx: DecodeContext, code: number, at: number): ContainerType;
  write(ctx: EncodeContext, t: ContainerType): void;
}

function readContainerType(ctx: DecodeContext, code: number, at: number): ContainerType {
  const r = ctx.reader;
  if (code === 1) {
    const id = r.u32();
    const codec = id < ctx.dialect.typeCount ? ctx.dialect.codecs[id] : undefined;
    if (codec === undefined)
      throw ctx.error("invalid-data", `container element type id ${id} is out of range`, at);
    return { kind: "builtin", type: codec.kind };
  }
  const s = r.string();
  return code === 2 ? { kind: "class", className: s } : { kind: "script", path: s };
}

function writeContainerType(ctx: EncodeContext, t: ContainerType): void {
  if (t.kind === "builtin") {
    const id = ctx.dialect.wireIdOfKind(t.type);
    if (id === undefined)
      throw ctx.error("unsupported-kind", `no ${ctx.dialect.name} type id for element type ${t.type}`);
    ctx.writer.u32(id);
  } else ctx.writer.string(t.kind === "class" ? t.className : t.path);
}

/** The `typed` option of {@link arrayCodec} and {@link dictionaryCodec} for 4.3+/4.4+ dialects. */
export const typedContainers: TypedContainers = {
  code: { builtin: 1, class: 2, script: 3 },
  read: readContainerType,
  write: writeContainerType,
};

/** A container type of the model; anything else is `invalid-value`, before any other check. */
function checkContainerType(ctx: EncodeContext, kind: string, field: string, t: unknown): void {
  if (typeof t === "object" && t !== null) {
    const c = t as { kind?: unknown; type?: unknown; className?: unknown; path?: unknown };
    if (
      c.kind === "builtin"
        ? isKind(c.type)
        : c.kind === "class"
          ? typeof c.className === "string"
          : c.kind === "script" && typeof c.path === "string"
    )
      return;
  }
  badField(
    ctx,
    kind,
    field,
    t,
    'a container type ({ kind: "builtin", type }, "class" with className or "script" with path)',
  );
}

// One rule for every writer (encode and the text writers): a typed container the target has no
// form for is refused, and the message names convertValue, which writes it untyped and reports
// the loss (3.2.3 and 3.6 read neither 4.x typed-array bytes nor its text).
function typedRefused(ctx: EncodeContext, what: string, o: ContainerOptions): never {
  const since = o.typedSince ? ` (typed ${what} need ${o.typedSince})` : "";
  throw ctx.error(
    "unsupported-kind",
    `${ctx.dialect.name} (${ctx.dialect.engineVersions}) cannot write a typed ${what}${since}; convertValue writes it untyped and reports the loss`,
  );
}

// ARRAY: [element type (typed, 4.3+: header bits 16-17)] u32 count (bit 31: 2.x shared, masked
// in 3.x/4.x), then the elements; read by the reader (dialect/decoder.ts readArray).
export function arrayCodec(wireId: number, o: ContainerOptions = {}): Codec<ArrayValue> {
  const typed = o.typed;
  const keepShared = o.shared === true;
  const inl = inline(Tag.ARRAY, false, typed, keepShared);
  return defineCodec<ArrayValue>({
    wireId,
    kind: "array",
    name: "ARRAY",
    flagMask: typed !== undefined ? 0x30000 : 0,
    decode: (ctx, header, start) => ctx.decodeContainer(inl, header, start) as ArrayValue,
    header: (v, ctx) => {
      if (v.elementType === undefined) return wireId;
      checkContainerType(ctx, "array", "elementType", v.elementType);
      if (typed !== undefined) return wireId | (typed.code[v.elementType.kind] << 16);
      if (o.untyped === "drop") return wireId;
      return typedRefused(ctx, "array", o);
    },
    inline: inl,
    layout: arrayLayout(typed !== undefined),
    encode: (ctx, v, header) => {
      if (header !== wireId) typed!.write(ctx, v.elementType!);
      // A string or an array-like has a length and elements too.
      const items = checkArray(ctx, "array", "items", v.items) as readonly Value[];
      checkFlag(ctx, "array", "shared", v.shared);
      const n = items.length;
      ctx.checkCount(n);
      ctx.writer.u32(keepShared && v.shared ? (n | 0x80000000) >>> 0 : n);
      ctx.encodeElements(items);
    },
  });
}

// DICTIONARY: [key type] [value type] (typed, 4.4+: header bits 16-17 and 18-19), u32 count
// (bit 31 as in arrays), then key, value, key, value...; read by the reader (readDictionary).
export function dictionaryCodec(wireId: number, o: ContainerOptions = {}): Codec<DictionaryValue> {
  const typed = o.typed;
  const keepShared = o.shared === true;
  const inl = inline(Tag.DICTIONARY, false, typed, keepShared);
  return defineCodec<DictionaryValue>({
    wireId,
    kind: "dictionary",
    name: "DICTIONARY",
    flagMask: typed !== undefined ? 0xf0000 : 0,
    decode: (ctx, header, start) => ctx.decodeContainer(inl, header, start) as DictionaryValue,
    header: (v, ctx) => {
      if (v.keyType === undefined && v.valueType === undefined) return wireId;
      if (v.keyType !== undefined) checkContainerType(ctx, "dictionary", "keyType", v.keyType);
      if (v.valueType !== undefined) checkContainerType(ctx, "dictionary", "valueType", v.valueType);
      if (typed !== undefined) {
        const k = v.keyType ? typed.code[v.keyType.kind] : 0;
        const val = v.valueType ? typed.code[v.valueType.kind] : 0;
        return wireId | (k << 16) | (val << 18);
      }
      if (o.untyped === "drop") return wireId;
      return typedRefused(ctx, "dictionary", o);
    },
    inline: inl,
    layout: dictionaryLayout(typed !== undefined),
    encode: (ctx, v, header) => {
      if (header !== wireId) {
        if (v.keyType) typed!.write(ctx, v.keyType);
        if (v.valueType) typed!.write(ctx, v.valueType);
      }
      const entries = checkArray(ctx, "dictionary", "entries", v.entries) as readonly DictionaryEntry[];
      checkFlag(ctx, "dictionary", "shared", v.shared);
      const n = entries.length;
      ctx.checkCount(n);
      ctx.writer.u32(keepShared && v.shared ? (n | 0x80000000) >>> 0 : n);
      ctx.encodeEntries(entries);
    },
  });
}
