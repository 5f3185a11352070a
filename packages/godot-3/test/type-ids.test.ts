// The dialect writes its codecs' wire ids as literals (src/dialect.ts): each is the TYPE_ID of
// the codec's name (RID is `_RID` there), at its own index, for every version.
import { GODOT3_VERSIONS, godot3Dialect, TYPE_COUNT, TYPE_ID } from "@gdvariant/godot-3";
import { describe, expect, it } from "vitest";

const ids = TYPE_ID as Readonly<Record<string, number>>;

describe("wire ids", () => {
  it.each(GODOT3_VERSIONS)("are TYPE_ID's for %s", (version) => {
    const d = godot3Dialect({ version });
    expect(d.codecs).toHaveLength(TYPE_COUNT);
    d.codecs.forEach((c, i) => {
      expect(c?.wireId, `codec ${i}`).toBe(i);
      expect(ids[c!.name] ?? ids[`_${c!.name}`], c!.name).toBe(i);
    });
  });
});
