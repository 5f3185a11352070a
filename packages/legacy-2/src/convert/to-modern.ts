import {
  type ArrayValue,
  type DictionaryEntry,
  EncodeError,
  formatPath,
  type Kind,
  type PathSegment,
  type Value,
} from "@gdvariant/core";
import { imageToObject, type ModernTarget } from "./image-object.js";
import { inputEventToObject } from "./input-event-object.js";

/** One thing that did not carry over exactly. */
export interface ModernLoss {
  /** Where, formatted (`[3].inventory["icon"]`); empty for the root value. */
  readonly path: string;
  /** The same place as path segments, outermost first. */
  readonly segments: readonly PathSegment[];
  /** Kind of the 2.x value. */
  readonly from: Kind;
  /** Kind written instead. */
  readonly to: Kind;
  /** What was lost or changed. */
  readonly message: string;
}

/** Options of {@link toModern}. */
export interface ToModernOptions {
  /** Engine generation the result is for: `"3"` (3.x) or `"4"` (4.x). Required. */
  target: ModernTarget;
  /** Deepest nesting converted (root = 0). Default 1024. */
  maxDepth?: number;
}

/** What {@link toModern} returns. */
export interface ToModernResult {
  /** The value in 3.x/4.x terms, for `@gdvariant/godot-3` / `@gdvariant/godot-4` encoders. */
  readonly value: Value;
  /** Everything that did not carry over exactly, depth first. */
  readonly losses: readonly ModernLoss[];
}

/**
 * Converts a 2.x value to its 3.x or 4.x counterpart:
 * - Matrix32 becomes Transform2D and Matrix3 becomes Basis (same numbers, same order).
 * - A NodePath's separate 2.x property becomes its last subname (what 3.x/4.x decoders do).
 * - Array and Dictionary lose the 2.x shared bit (it described 2.x memory, not the data).
 * - An Image becomes the 3.x/4.x `Image` resource, a full Object whose `data` dictionary holds
 *   width, height, format name, mipmaps flag and bytes, exactly as the engine writes it
 *   (encode it with objects allowed). Pixel formats 3.x/4.x lack are converted (INTENSITY to
 *   LumAlpha8, INDEXED to RGB8/RGBA8, YUV to RGB8); block-compressed data is kept where the
 *   target has the format; partial mip chains are dropped. See the README for the table.
 * - An InputEvent becomes the InputEvent* resource of its type (InputEventKey,
 *   InputEventMouseButton, InputEventJoypadMotion...), key codes and (4.x) joypad buttons
 *   mapped; what 2.x never sent takes the class default.
 * Every other 2.x value is already a valid 3.x/4.x value and is returned as is.
 * @throws {EncodeError} `depth-exceeded` past `maxDepth` (default 1024); `invalid-value` when
 * `target` is not "3" or "4".
 */
export function toModern(value: Value, options: ToModernOptions): ToModernResult {
  const target = options.target;
  if (target !== "3" && target !== "4") {
    throw new EncodeError(`toModern target must be "3" or "4", got ${String(target)}`, {
      code: "invalid-value",
    });
  }
  const maxDepth = options.maxDepth ?? 1024;
  const losses: ModernLoss[] = [];
  const path: PathSegment[] = [];

  const convert = (v: Value, depth: number): Value => {
    if (depth > maxDepth) {
      throw new EncodeError(`nesting deeper than ${maxDepth} (or a cycle)`, {
        code: "depth-exceeded",
        path: [...path],
      });
    }
    const nested = (x: Value, seg: PathSegment): Value => {
      path.push(seg);
      try {
        return convert(x, depth + 1);
      } finally {
        path.pop();
      }
    };
    const reporter = (to: () => Kind) => (message: string) =>
      losses.push({ path: formatPath(path), segments: [...path], from: v.kind, to: to(), message });
    switch (v.kind) {
      case "matrix32":
        return { kind: "transform2d", values: [...v.values] };
      case "matrix3":
        return { kind: "basis", values: [...v.values] };
      case "nodePath":
        return v.property === undefined
          ? v
          : { kind: "nodePath", names: v.names, subnames: [...v.subnames, v.property], absolute: v.absolute };
      case "image": {
        const at = losses.length;
        const out = imageToObject(
          v,
          target,
          reporter(() => "object"),
        );
        for (let i = at; i < losses.length; i++) (losses[i] as { to: Kind }).to = out.kind;
        return out;
      }
      case "inputEvent": {
        const at = losses.length;
        const out = inputEventToObject(
          v,
          target,
          reporter(() => "object"),
        );
        for (let i = at; i < losses.length; i++) (losses[i] as { to: Kind }).to = out.kind;
        return out;
      }
      case "array": {
        const items = v.items.map((x, i) => nested(x, i));
        const out: ArrayValue = { kind: "array", items };
        return out;
      }
      case "dictionary": {
        const entries: DictionaryEntry[] = v.entries.map(([k, x], i) => {
          const key = nested(k, { keyAt: i });
          return [key, nested(x, { key: k })];
        });
        return { kind: "dictionary", entries };
      }
      default:
        return v;
    }
  };
  return { value: convert(value, 0), losses };
}

/** What {@link modernRewrite}'s hook needs from its caller: a way to report a loss. */
export interface RewriteReporter {
  report(message: string): void;
}

/**
 * A `rewrite` hook for a generic converter such as core's `convertValue` (called for kinds the
 * target has no codec for): turns a 2.x Image or InputEvent into its 3.x/4.x object, exactly as
 * {@link toModern} does, and leaves every other value to the converter (`undefined`).
 */
export function modernRewrite(
  target: ModernTarget,
): (value: Value, context: RewriteReporter) => Value | undefined {
  return (value, context) => {
    if (value.kind === "image") return imageToObject(value, target, (m) => context.report(m));
    if (value.kind === "inputEvent") return inputEventToObject(value, target, (m) => context.report(m));
    return undefined;
  };
}
