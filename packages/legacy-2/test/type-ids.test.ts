// The dialect writes its codecs' wire ids as literals (src/dialect.ts, src/codecs): each is the
// TYPE_ID of the codec's name (RID is `_RID` there), at its own index, in every option set. The
// INPUT_EVENT codec reads event types from the enum EventType: the same numbers as EVENT_TYPES.
import { EVENT_TYPES, legacy2Dialect, TYPE_COUNT, TYPE_ID } from "@gdvariant/legacy-2";
import { describe, expect, it } from "vitest";
import { EventType } from "../src/input-event/constants.js";

const ids = TYPE_ID as Readonly<Record<string, number>>;

describe("wire ids", () => {
  for (const flag64 of ["reject", "accept"] as const) {
    for (const reals of ["exact", "round"] as const) {
      for (const nodePathSubnames of ["correct", "engine"] as const) {
        it(`are TYPE_ID's with ${flag64} ${reals} ${nodePathSubnames}`, () => {
          const d = legacy2Dialect({ flag64, reals, nodePathSubnames });
          expect(d.codecs).toHaveLength(TYPE_COUNT);
          d.codecs.forEach((c, i) => {
            expect(c?.wireId, `codec ${i}`).toBe(i);
            expect(ids[c!.name] ?? ids[`_${c!.name}`], c!.name).toBe(i);
          });
        });
      }
    }
  }
});

describe("EventType", () => {
  it("is EVENT_TYPES, member for member", () => {
    const numbers = Object.entries(EventType).filter(([, v]) => typeof v === "number");
    expect(Object.fromEntries(numbers)).toEqual(EVENT_TYPES);
  });
});
