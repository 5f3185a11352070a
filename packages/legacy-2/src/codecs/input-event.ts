import { type Codec, defineCodec, type InputEventValue, type Layout } from "@gdvariant/core";
import { EVENT_PAYLOAD_BYTES, EventType } from "../input-event/constants.js";

// INPUT_EVENT payload (after the header word):
//   u32 type | i32 device | u32 length L (12 + type-specific bytes) | type-specific part
//   KEY             u32 modifiers (SHIFT 1<<25, ALT 1<<26, META 1<<27, CTRL 1<<28), u32 scancode
//   MOUSE_BUTTON    i32 button_index          JOYSTICK_BUTTON  i32 button_index
//   SCREEN_TOUCH    i32 index                 JOYSTICK_MOTION  i32 axis, f32 axis_value
// The 2.1 decoder ignores L and advances by the type. 2.0-era engines wrote JOYSTICK_MOTION
// without the value (L = 16): we read L only to recognise that layout.
const PREFIX = 12;
const JOY_MOTION_20_LENGTH = 16;
const BUTTON: Layout = [{ t: "i32", name: "buttonIndex" }];
const INPUT_EVENT_LAYOUT: Layout = [
  { t: "word", name: "type" },
  { t: "i32", name: "device" },
  { t: "word", name: "length" },
  {
    t: "switch",
    field: "type",
    cases: {
      [EventType.KEY]: [
        { t: "word", name: "modifiers" },
        { t: "word", name: "scancode" },
      ],
      [EventType.MOUSE_BUTTON]: BUTTON,
      [EventType.JOYSTICK_BUTTON]: BUTTON,
      [EventType.SCREEN_TOUCH]: [{ t: "i32", name: "index" }],
      [EventType.JOYSTICK_MOTION]: [
        { t: "i32", name: "axis" },
        {
          t: "switch",
          field: "length",
          cases: { [JOY_MOTION_20_LENGTH]: [] },
          else: [{ t: "f32", name: "axisValue" }],
        },
      ],
    },
  },
];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// The optional 32-bit fields, and whether each is signed on the wire.
const OPTIONAL_WORDS = [
  ["modifiers", false],
  ["scancode", false],
  ["buttonIndex", true],
  ["index", true],
  ["axis", true],
] as const;

/** The INPUT_EVENT codec (type 19). */
export function inputEventCodec(): Codec<InputEventValue> {
  return defineCodec<InputEventValue>({
    wireId: 19, // TYPE_ID.INPUT_EVENT (a literal: see dialect.ts)
    kind: "inputEvent",
    name: "INPUT_EVENT",
    layout: INPUT_EVENT_LAYOUT,
    decode: (ctx) => {
      const r = ctx.reader;
      r.need(PREFIX, "INPUT_EVENT");
      const eventType = r.u32();
      const device = r.i32();
      const length = r.u32();
      const out: Mutable<InputEventValue> = { kind: "inputEvent", eventType, device };
      switch (eventType) {
        case EventType.KEY:
          r.need(8, "INPUT_EVENT key");
          out.modifiers = r.u32();
          out.scancode = r.u32();
          break;
        case EventType.MOUSE_BUTTON:
        case EventType.JOYSTICK_BUTTON:
          r.need(4, "INPUT_EVENT button");
          out.buttonIndex = r.i32();
          break;
        case EventType.SCREEN_TOUCH:
          r.need(4, "INPUT_EVENT touch");
          out.index = r.i32();
          break;
        case EventType.JOYSTICK_MOTION:
          if (length === JOY_MOTION_20_LENGTH) {
            r.need(4, "INPUT_EVENT joystick motion (2.0 layout)");
            out.axis = r.i32();
          } else {
            r.need(8, "INPUT_EVENT joystick motion");
            out.axis = r.i32();
            out.axisValue = r.f32();
          }
          break;
        default:
      }
      return out;
    },
    encode: (ctx, v) => {
      const w = ctx.writer;
      // eventType and device are required; the other fields default to 0 when absent. Not a
      // whole number: a malformed value; a whole number beyond 32 bits: too large for the wire.
      const word = (value: number | undefined, field: string, signed: boolean, required = false): number => {
        if (value === undefined && !required) return 0;
        if (!Number.isInteger(value))
          throw ctx.error(
            "invalid-value",
            `inputEvent.${field} must be a whole number, not ${String(value)}`,
          );
        const x = value as number;
        const lo = signed ? -0x80000000 : 0;
        if (x < lo || x > 0xffffffff) {
          throw ctx.error("out-of-range", `inputEvent.${field} = ${x} does not fit a 32-bit word`);
        }
        return x >>> 0;
      };
      // Every field the model has is checked, written for this event type or not.
      for (const [field, signed] of OPTIONAL_WORDS) word(v[field], field, signed);
      if (v.axisValue !== undefined && typeof v.axisValue !== "number")
        throw ctx.error("invalid-value", `inputEvent.axisValue must be a number, not ${String(v.axisValue)}`);
      const type = word(v.eventType, "eventType", false, true);
      const jm20 = type === EventType.JOYSTICK_MOTION && v.axisValue === undefined;
      const extra = jm20 ? 4 : (EVENT_PAYLOAD_BYTES[type] ?? 0);
      w.u32(type);
      w.u32(word(v.device, "device", true, true));
      w.u32(PREFIX + extra);
      switch (type) {
        case EventType.KEY:
          w.u32(word(v.modifiers, "modifiers", false));
          w.u32(word(v.scancode, "scancode", false));
          break;
        case EventType.MOUSE_BUTTON:
        case EventType.JOYSTICK_BUTTON:
          w.u32(word(v.buttonIndex, "buttonIndex", true));
          break;
        case EventType.SCREEN_TOUCH:
          w.u32(word(v.index, "index", true));
          break;
        case EventType.JOYSTICK_MOTION:
          w.u32(word(v.axis, "axis", true));
          if (!jm20) w.f32(v.axisValue!);
          break;
        default:
      }
    },
  });
}
