// InputEvent(KEY,<name>) in 2.x text: Godot 2.1's parser looks the name up (find_keycode:
// without case, 0 for a name it does not know), where this parser said "KEY needs a scancode".
// Found by the gdsdecomp test suite (tests/test_variant_compat.cpp).
import { readFileSync } from "node:fs";
import { fromText as fromTextAlias, parseText, toText } from "@gdvariant/legacy-2";
import { describe, expect, it } from "vitest";

// name=scancode from Godot 3.2.3's OS.find_scancode_from_string (tools/legacy-2/key-scancodes.mjs),
// which shares every 2.x code and name but the Enter keys.
const engine3 = new Map(
  readFileSync(new URL("./fixtures/key-scancodes-3.2.3.txt", import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((l) => {
      const [name, code] = l.split("=");
      return [name!, Number(code)] as const;
    }),
);
const SPKEY = 1 << 24;

const key = (text: string) => parseText(`InputEvent(${text})`) as { scancode?: number; modifiers?: number };

describe("InputEvent(KEY,<name>)", () => {
  it("reads every 2.x key name as the engine's scancode", () => {
    expect(engine3.size).toBeGreaterThan(200);
    for (const [name, code] of engine3) {
      // 2.1 calls the main Enter key "Return" (SPKEY|0x05) and the keypad one "Enter" (SPKEY|0x06);
      // 3.x has no "Return" and calls SPKEY|0x05 "Enter".
      const want = name === "return" ? SPKEY | 0x05 : name === "enter" ? SPKEY | 0x06 : code;
      expect(key(`KEY,${name}`).scancode, name).toBe(want);
    }
  });

  it("looks names up without case, gives 0 for an unknown one, and reads modifiers as 2.1 does", () => {
    expect(key("KEY,A").scancode).toBe(65);
    expect(key("KEY,escape").scancode).toBe(SPKEY | 0x01);
    expect(key("KEY,F12").scancode).toBe(SPKEY | 0x27);
    expect(key("KEY,NoSuchKey").scancode).toBe(0);
    expect(key("KEY,constructor").scancode).toBe(0);
    expect(key("KEY,65").scancode).toBe(65);
    // `mods.findn("C")` and so on: the letters in either case, others ignored.
    expect(key("KEY,A,SC").modifiers).toBe((1 << 25) | (1 << 28));
    expect(key("KEY,A,cs").modifiers).toBe((1 << 25) | (1 << 28));
    expect(key("KEY,A,Mx").modifiers).toBe(1 << 27);
  });

  it("writes the number back, which reads as the same event", () => {
    const v = parseText("InputEvent(KEY,Escape,C)");
    expect(parseText(toText(v))).toEqual(v);
  });
});

describe("fromText", () => {
  it("is the deprecated name of parseText", () => {
    expect(fromTextAlias).toBe(parseText);
  });
});
