// The dialect writes its codecs' wire ids as literals (src/dialect.ts): each is the TYPE_ID of
// the codec's name, at its own index, in every option set.
import { GODOT4_VERSIONS, godot4Dialect, TYPE_COUNT, TYPE_ID } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";

const ids = TYPE_ID as Readonly<Record<string, number>>;

describe("wire ids", () => {
  for (const version of GODOT4_VERSIONS) {
    for (const precision of ["single", "double"] as const) {
      for (const downgrade of [false, true]) {
        it(`are TYPE_ID's for ${version} ${precision}${downgrade ? " downgrade" : ""}`, () => {
          const d = godot4Dialect({ version, precision, downgrade });
          expect(d.codecs).toHaveLength(TYPE_COUNT);
          d.codecs.forEach((c, i) => {
            expect(c?.wireId, `codec ${i}`).toBe(i);
            expect(ids[c!.name], c!.name).toBe(i);
          });
        });
      }
    }
  }
});
