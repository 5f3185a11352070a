// Godot 2.x's text constructors, `Image(...)` and `InputEvent(...)`, read for the parser.
import type { Value } from "../value/types.js";
import { stringToFloat } from "./engine-strtod.js";
import { keyCode2 } from "./key-names-2.js";
import type { Token } from "./parse-lexer.js";
import { IMAGE_FORMAT_NAMES, INPUT_EVENT_TYPES, KEY_MODIFIER_BITS } from "./parse-names.js";
import { describe, type ParserHost } from "./parse-tables.js";

// 2.x: Image( width, height, mipmaps, FORMAT, byte, byte, ... ) or Image() for an empty one.
export function readImage(p: ParserHost, t: Token): Value {
  p.expect("(", "'(' after Image");
  if (p.lx.peek().type === ")") {
    p.lx.next();
    return { kind: "image", format: 0, mipmaps: 0, width: 0, height: 0, data: new Uint8Array(0) };
  }
  const u32 = (what: string) => Number(p.intArg(p.numberArg("Image"), 0n, 2n ** 31n - 1n, `Image ${what}`));
  const width = u32("width");
  p.expect(",", "',' after the image width");
  const height = u32("height");
  p.expect(",", "',' after the image height");
  const mipmaps = u32("mipmap count");
  p.expect(",", "',' after the mipmap count");
  const f = p.expect("identifier", "an image format name (RGBA, GRAYSCALE...)");
  const format = (IMAGE_FORMAT_NAMES as readonly string[]).indexOf(f.text);
  if (format < 0) p.fail("arguments", `unknown image format '${f.text}'`, f);
  const data: number[] = [];
  for (;;) {
    const sep = p.lx.next();
    if (sep.type === ")") break;
    if (sep.type !== ",") p.fail("syntax", `expected ',' or ')' in Image(...), found ${describe(sep)}`, sep);
    data.push(Number(p.intArg(p.numberArg("Image"), 0n, 255n, `${t.text} byte`)));
  }
  return { kind: "image", format, mipmaps, width, height, data: Uint8Array.from(data) };
}

// 2.x: InputEvent(NONE), InputEvent(KEY,scancode[,mods]), InputEvent(MBUTTON,i),
// InputEvent(JBUTTON,i), InputEvent(JAXIS,axis[,value]), and InputEvent() for the types the
// engine prints without details (mouse motion, screen touch and drag, action). The text holds
// no device (it reads as 0), and InputEvent() reads as a mouse-motion event, the first of
// those types, which carries nothing else on the wire either.
export function readInputEvent(p: ParserHost, t: Token): Value {
  p.expect("(", "'(' after InputEvent");
  if (p.lx.peek().type === ")") {
    p.lx.next();
    return { kind: "inputEvent", eventType: 2, device: 0 };
  }
  const typeTok = p.expect("identifier", "an event type (KEY, MBUTTON, JBUTTON, JAXIS, NONE)");
  const eventType = INPUT_EVENT_TYPES[typeTok.text];
  if (eventType === undefined) p.fail("arguments", `unknown input event type '${typeTok.text}'`, typeTok);
  const args: Token[] = [];
  for (;;) {
    const sep = p.lx.next();
    if (sep.type === ")") break;
    if (sep.type !== ",")
      p.fail("syntax", `expected ',' or ')' in ${t.text}(...), found ${describe(sep)}`, sep);
    args.push(p.lx.next());
  }
  const num = (i: number, what: string): number => {
    const a = args[i];
    if (a === undefined || a.type !== "number")
      return p.fail("arguments", `${typeTok.text} needs ${what}`, a ?? typeTok);
    return a.isFloat
      ? stringToFloat(a.text)
      : Number(p.intArg({ value: 0, int: BigInt(a.text), token: a }, -(2n ** 31n), 2n ** 32n - 1n, what));
  };
  const max = { NONE: 0, KEY: 2, MBUTTON: 1, JBUTTON: 1, JAXIS: 2 }[typeTok.text as "KEY"]!;
  if (args.length > max) p.fail("arguments", `${typeTok.text} takes at most ${max} arguments`, args[max]!);
  switch (typeTok.text) {
    case "KEY": {
      let modifiers = 0;
      const m = args[1];
      if (m !== undefined) {
        // 2.1 sets each modifier whose letter the identifier holds, in either case
        // (`mods.findn("C")`...), and ignores the other letters.
        if (m.type !== "identifier") p.fail("arguments", "key modifiers are letters from S, A, C, M", m);
        for (const c of m.text.toUpperCase()) modifiers |= KEY_MODIFIER_BITS[c] ?? 0;
      }
      // A key name is looked up as 2.1's find_keycode does: without case, 0 when unknown.
      const k = args[0];
      const scancode = k?.type === "identifier" ? keyCode2(k.text) : num(0, "a scancode or key name");
      return { kind: "inputEvent", eventType: eventType!, device: 0, modifiers, scancode };
    }
    case "MBUTTON":
    case "JBUTTON":
      return {
        kind: "inputEvent",
        eventType: eventType!,
        device: 0,
        buttonIndex: num(0, "a button index"),
      };
    case "JAXIS":
      return {
        kind: "inputEvent",
        eventType: eventType!,
        device: 0,
        axis: num(0, "an axis"),
        axisValue: args[1] === undefined ? 0 : Math.fround(num(1, "an axis value")),
      };
    default:
      return { kind: "inputEvent", eventType: eventType!, device: 0 };
  }
}
