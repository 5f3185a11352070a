// The package surface: version options, the dialect table, the text entry point, store_var
// framing through core, and the errors toText/encode give for what 3.x cannot hold.
import {
  EncodeError,
  readStoreVarFile,
  stringName,
  type Value,
  vector2i,
  writeStoreVarFile,
} from "@gdvariant/core";
import {
  DEFAULT_GODOT3_VERSION,
  decode,
  dialect,
  encode,
  GODOT3_VERSIONS,
  godot3Dialect,
  parseText,
  TYPE_COUNT,
  toText,
} from "@gdvariant/godot-3";
import * as text from "@gdvariant/godot-3/text";
import { describe, expect, it } from "vitest";
import { allCases } from "./helpers/fixtures.js";
import { hexToBytes } from "./helpers/mask.js";

describe("versions", () => {
  it("has one cached dialect per version, 27 types, default 3.6", () => {
    expect(DEFAULT_GODOT3_VERSION).toBe("3.6");
    expect(dialect).toBe(godot3Dialect());
    expect(dialect).toBe(godot3Dialect({ version: "3.6" }));
    expect(dialect.engineVersions).toBe("3.6 (3.1.1-3.6)");
    for (const version of GODOT3_VERSIONS) {
      const d = godot3Dialect({ version });
      expect(d).toBe(godot3Dialect({ version }));
      expect(d.typeCount).toBe(TYPE_COUNT);
      expect(d.codecs.filter(Boolean)).toHaveLength(27);
      expect(d.id).toBe("godot-3");
    }
    expect(godot3Dialect({ version: "3.0" })).not.toBe(dialect);
  });

  it("writes the same bytes by default as for 3.2 (the default moved from 3.2 to 3.6)", () => {
    let n = 0;
    for (const c of allCases()) {
      if (c.decodeOnly) continue;
      const v = decode(c.bytes, { allowObjects: c.full, version: "3.2" });
      expect(decode(c.bytes, { allowObjects: c.full })).toEqual(v);
      expect(encode(v)).toEqual(encode(v, { version: "3.2" }));
      n++;
    }
    expect(n).toBeGreaterThan(1400);
  });

  it("reads the dirty string padding of 3.0.x", () => {
    // godot#17257 (3.0.2): put_var('asd') wrote the string with an uninitialised pad byte 0xae
    expect(decode(hexToBytes("0400000003000000617364ae"))).toEqual({ kind: "string", value: "asd" });
  });

  it("writes ints as 3.0.x did only for version 3.0", () => {
    // godot#15383 (3.0): put_var(5) wrote 02 00 01 00 05 00 00 00 00 00 00 00
    expect(Array.from(encode(5, { version: "3.0" }))).toEqual([2, 0, 1, 0, 5, 0, 0, 0, 0, 0, 0, 0]);
    for (const version of GODOT3_VERSIONS.filter((v) => v !== "3.0")) {
      expect(Array.from(encode(5, { version }))).toEqual([2, 0, 0, 0, 5, 0, 0, 0]);
    }
  });
});

describe("errors for what 3.x cannot hold", () => {
  const cases: [string, Value][] = [
    ["StringName", stringName("a")],
    ["Vector2i", vector2i(1, 2)],
    ["typed array", { kind: "array", items: [], elementType: { kind: "builtin", type: "int" } }],
    ["typed dictionary", { kind: "dictionary", entries: [], keyType: { kind: "builtin", type: "int" } }],
    ["2.x Matrix32", { kind: "matrix32", values: [1, 0, 0, 1, 0, 0] }],
    ["Callable", { kind: "callable" }],
  ];
  it.each(cases)("%s", (_name, v) => {
    const inArray: Value = { kind: "array", items: [{ kind: "nil" }, v] };
    for (const fn of [() => encode(inArray), () => toText(inArray)]) {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(EncodeError.is(e)).toBe(true);
        expect((e as EncodeError).code).toBe("unsupported-kind");
        expect((e as EncodeError).pathString).toBe("[1]");
      }
    }
  });

  it("stops toText at maxDepth and on cycles", () => {
    const cyclic = { kind: "array", items: [] as Value[] } as { kind: "array"; items: Value[] };
    cyclic.items.push(cyclic);
    expect(() => toText(cyclic)).toThrow(EncodeError);
    let deep: Value = { kind: "nil" };
    for (let i = 0; i < 20; i++) deep = { kind: "array", items: [deep] };
    expect(() => toText(deep, { maxDepth: 10 })).toThrow(/nesting deeper than 10/);
    expect(toText(deep)).toBe(`${"[ ".repeat(20)}null${" ]".repeat(20)}`);
  });
});

describe("text entry point", () => {
  it("exports the engine's escapes and real formatting", () => {
    expect(text.toText).toBe(toText);
    expect(text.cEscape("\x07\b\f\n\r\t\v'?\"\\")).toBe("\\a\\b\\f\\n\\r\\t\\v\\'\\?\\\"\\\\");
    expect(text.cEscapeMultiline('a\n"\\')).toBe('a\n\\"\\\\');
    expect(text.formatReal(-0)).toBe("0");
    expect(text.formatStandaloneReal(Number.NaN)).toBe("nan");
    // Godot 3.2.3 var2str(-INF) and Godot 3.6's (versions-*.tsv: v_real_neg_inf)
    expect(text.formatStandaloneReal(Number.NEGATIVE_INFINITY, { version: "3.2" })).toBe("-inf.0");
    expect(text.formatStandaloneReal(Number.NEGATIVE_INFINITY)).toBe("inf_neg");
    expect(text.formatReal(Number.NEGATIVE_INFINITY, { version: "3.3" })).toBe("-inf");
    expect(text.parseText).toBe(parseText);
    expect(() => toText({ kind: "nil" }, { version: "3.7" as "3.6" })).toThrow(EncodeError);
  });
});

describe("store_var files through core's framing", () => {
  it("writes and reads a multi-record file with this dialect", () => {
    const file = writeStoreVarFile(dialect, [1, "two", { three: 3 }]);
    const records = readStoreVarFile(dialect, file);
    expect(records.map((r) => toText(r.value))).toEqual(["1", '"two"', '{\n"three": 3\n}']);
  });
});
