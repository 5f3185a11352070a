import { inspect } from "node:util";
import { type JsonValue, toJS, toJSON } from "@gdvariant/core";
import { writeConfigFile } from "@gdvariant/files";
import type { TargetOptions } from "./dialects.js";
import type { SectionsContent } from "./open-input.js";
import { renderTree } from "./tree.js";

// ConfigFiles and project.binary as the commands print them: sections of values.

/**
 * The sections in a decode format: `text` is the ConfigFile text the engine writes (project.godot
 * style for project.binary), `json` one line per key (`{"section","key","value"}` with tagged
 * JSON), `js` one line per key with the plain JavaScript view.
 */
export function sectionsText(
  content: SectionsContent,
  format: "text" | "json" | "js",
  target: TargetOptions = {},
): string {
  if (format === "text")
    return writeConfigFile(content.sections, (v) => content.entry.toText(v, target), {
      dialect: content.dialect,
    });
  const lines: string[] = [];
  for (const [section, keys] of content.sections)
    for (const [key, value] of keys)
      lines.push(
        format === "json"
          ? JSON.stringify({ section, key, value: toJSON(value) })
          : `[${section}] ${key} = ${inspect(toJS(value), { depth: null, breakLength: Number.POSITIVE_INFINITY })}`,
      );
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/** The sections as trees for `inspect`: `[section]`, then each key's value. */
export function sectionsTree(content: SectionsContent, maxItems: number): string[] {
  const lines: string[] = [];
  for (const [section, keys] of content.sections) {
    lines.push(`[${section}]`);
    for (const [key, value] of keys) {
      const tree = renderTree(value, { toText: (v) => content.entry.toText(v), maxItems });
      lines.push(`  ${key} = ${tree[0] ?? ""}`, ...tree.slice(1).map((l) => `  ${l}`));
    }
  }
  return lines;
}

/** The sections as JSON for `inspect --json`: `{ section: { key: tagged JSON } }`. */
export function sectionsJson(content: SectionsContent): JsonValue {
  const out: Record<string, Record<string, JsonValue>> = {};
  for (const [section, keys] of content.sections) {
    const o: Record<string, JsonValue> = {};
    for (const [key, value] of keys) o[key] = toJSON(value);
    out[section] = o;
  }
  return out;
}
