// The sample dumps bundled from the repository's samples/ folder (bytes written by real engines:
// Godot 4.6.3, 3.2.3 and 2.1.4; see samples/README.md).
const urls = import.meta.glob("../../../samples/*/*.{bin,b64}", {
  query: "?url",
  import: "default",
  eager: true,
}) as Record<string, string>;

export interface Sample {
  /** `godot-4/nested_big.bin` */
  readonly path: string;
  readonly name: string;
  readonly url: string;
}

const ENGINES: ReadonlyArray<[folder: string, engine: string]> = [
  ["godot-4", "Godot 4.6.3"],
  ["godot-3", "Godot 3.2.3"],
  ["legacy-2", "Godot 2.1.4"],
];

/** Samples grouped by engine, newest engine first. */
export const SAMPLES: ReadonlyArray<{ engine: string; files: Sample[] }> = ENGINES.map(
  ([folder, engine]) => ({
    engine,
    files: Object.entries(urls)
      .filter(([k]) => k.includes(`/samples/${folder}/`))
      .map(([k, url]) => {
        const path = k.slice(k.indexOf("/samples/") + "/samples/".length);
        return { path, name: path.slice(folder.length + 1), url };
      })
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
  }),
);
