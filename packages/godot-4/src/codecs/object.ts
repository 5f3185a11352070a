import { type Codec, type ObjectValue, objectCodec } from "@gdvariant/core";

/**
 * OBJECT with the `script` rule of the target: 4.3+ engines write the `script` property of a
 * full object as a `res://` path String (or NIL) and refuse anything else on decode; 4.0-4.2
 * wrote a nested Script object, so a path string means nothing to them.
 */
export function godot4ObjectCodec(scriptAsPath: boolean, version: string): Codec<ObjectValue> {
  const base = objectCodec(24); // TYPE_ID.OBJECT (a literal: see dialect.ts)
  return {
    ...base,
    header: (v, ctx) => {
      if (v.form === "full") {
        for (const [name, value] of v.properties) {
          if (name !== "script") continue;
          const k = (value as { kind?: unknown }).kind;
          if (k === "nil" || k === undefined) continue;
          if (scriptAsPath) {
            if (k !== "string" || !(value as { value: string }).value.startsWith("res://")) {
              throw ctx.error(
                "invalid-value",
                `Godot ${version} reads an object's "script" property only as null or a "res://" path string, not ${String(k)}`,
              );
            }
          } else if (k === "string") {
            throw ctx.error(
              "unsupported-kind",
              `Godot ${version} cannot read an object's "script" property as a path string (that form needs Godot 4.3+)`,
            );
          }
        }
      }
      return base.header(v, ctx);
    },
  };
}
