/**
 * 2.x `InputEvent::Type` (core/os/input_event.h of Godot 2.1): the `eventType` of an
 * `inputEvent` value.
 */
export const EVENT_TYPES = {
  NONE: 0,
  KEY: 1,
  MOUSE_MOTION: 2,
  MOUSE_BUTTON: 3,
  JOYSTICK_MOTION: 4,
  JOYSTICK_BUTTON: 5,
  SCREEN_TOUCH: 6,
  SCREEN_DRAG: 7,
  ACTION: 8,
} as const;

/**
 * EVENT_TYPES as an enum, for the codec: the bundler writes a member's value at each use, where
 * `EVENT_TYPES.KEY` would keep the table in every decode + encode bundle. The same numbers as
 * EVENT_TYPES (test/type-ids.test.ts checks). @internal
 */
export enum EventType {
  NONE = 0,
  KEY = 1,
  MOUSE_MOTION = 2,
  MOUSE_BUTTON = 3,
  JOYSTICK_MOTION = 4,
  JOYSTICK_BUTTON = 5,
  SCREEN_TOUCH = 6,
  SCREEN_DRAG = 7,
  ACTION = 8,
}

/** Name of a 2.x event type. */
export type EventTypeName = keyof typeof EVENT_TYPES;

/**
 * 2.x key modifier masks (core/os/keyboard.h), the bits of a KEY event's `modifiers` word.
 * Only these four travel: the engine reads them into its shift/alt/meta/control flags and
 * writes those flags back.
 */
export const KEY_MASK = {
  SHIFT: 0x2000000, // 1 << 25 (literals: a bundle drops the table unused)
  ALT: 0x4000000, // 1 << 26
  META: 0x8000000, // 1 << 27
  CTRL: 0x10000000, // 1 << 28
} as const;

/** 2.x special keys have bit 24 set (`SPKEY`): KEY_ESCAPE = SPKEY | 0x01 = 16777217. */
export const SPKEY = 0x1000000;

/**
 * Wire bytes after the 12-byte event prefix (type, device, length word), per event type, as the
 * 2.1 encoder writes them. The length word holds `12 +` this. Types not listed carry nothing.
 */
export const EVENT_PAYLOAD_BYTES: Readonly<Record<number, number>> = /* @__PURE__ */ Object.freeze({
  [EventType.KEY]: 8,
  [EventType.MOUSE_BUTTON]: 4,
  [EventType.JOYSTICK_MOTION]: 8,
  [EventType.JOYSTICK_BUTTON]: 4,
  [EventType.SCREEN_TOUCH]: 4,
});
