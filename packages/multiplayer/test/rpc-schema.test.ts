// The .gd -> RPC schema against the engine (tools/multiplayer/schema: Godot 4.6.3's own
// get_rpc_config() of each script, and the node -> script map of scenes the engine wrote and
// instantiated): same methods, modes, call_local, transfer modes and channels, inheritance by
// path and by class_name, instanced scenes; and the generated TypeScript module runs.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseGdscriptRpc, rpcSchema, rpcSchemaModule, rpcTable } from "@gdvariant/multiplayer";
import ts from "typescript";
import { describe, expect, it } from "vitest";

interface Fixture {
  engine: string;
  sources: Record<string, string>;
  files: Record<string, string>;
  scripts: Record<
    string,
    Record<string, { rpc_mode?: number; transfer_mode?: number; call_local?: boolean; channel?: number }>
  >;
  scenes: Record<string, Record<string, string>>;
}
const fixture: Fixture = JSON.parse(
  readFileSync(new URL("./fixtures/engine-rpc-schema.json", import.meta.url), "utf8"),
);

// The engine's config with _parse_rpc_config's defaults filled in, as rpcTable resolves ours.
const MODES = ["disabled", "any_peer", "authority"];
const TRANSFER = ["unreliable", "unreliable_ordered", "reliable"];
function engineTable(cfg: Fixture["scripts"][string]) {
  return Object.entries(cfg)
    .map(([name, c]) => ({
      name,
      mode: MODES[c.rpc_mode ?? 2],
      callLocal: c.call_local ?? false,
      transferMode: TRANSFER[c.transfer_mode ?? 2],
      channel: c.channel ?? 0,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

describe(`RPC schema against ${fixture.engine}`, () => {
  const schema = rpcSchema({ scripts: fixture.sources, scenes: fixture.files });

  it("reads every script's @rpc methods as the engine does, inherited ones included", () => {
    expect(Object.keys(fixture.scripts).length).toBe(5);
    for (const [path, cfg] of Object.entries(fixture.scripts)) {
      const ours = rpcTable(schema.scripts[path] ?? {}).methods.map(
        ({ name, mode, callLocal, transferMode, channel }) => ({
          name,
          mode,
          callLocal,
          transferMode,
          channel,
        }),
      );
      expect(ours, path).toEqual(engineTable(cfg));
    }
    // The sort is by code point: "Zed" < "_private_looking" < "zed" < "éclair".
    const names = rpcTable(schema.scripts["res://annotations.gd"]!).methods.map((m) => m.name);
    expect([names[0], names[1], ...names.slice(-3)]).toEqual([
      "Zed",
      "_private_looking",
      "with_other_annotation",
      "zed",
      "éclair",
    ]);
  });

  it("maps every scene's nodes to their scripts as the engine instantiates them", () => {
    for (const [scene, nodes] of Object.entries(fixture.scenes)) {
      const rpcNodes = Object.fromEntries(
        Object.entries(nodes).filter(
          ([, s]) => s !== "" && fixture.scripts[s] && Object.keys(fixture.scripts[s]!).length > 0,
        ),
      );
      expect(schema.scenes[scene] ?? {}, scene).toEqual(rpcNodes);
    }
  });

  it("writes a TypeScript module that compiles and holds the schema", async () => {
    const source = rpcSchemaModule(schema, "the fixture project");
    const js = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const dir = mkdtempSync(join(tmpdir(), "gdv-schema-"));
    writeFileSync(join(dir, "schema.mjs"), js.outputText);
    const mod = await import(pathToFileURL(join(dir, "schema.mjs")).href);
    expect(mod.scripts).toEqual(schema.scripts);
    expect(mod.nodes["res://main.tscn"]["Main/Game"].rpc).toEqual(schema.scripts["res://annotations.gd"]);
    expect(Object.keys(mod.nodes["res://main.tscn"])).toEqual(Object.keys(schema.scenes["res://main.tscn"]!));
  });

  it("skips strings, comments and inner classes", () => {
    const m = parseGdscriptRpc(fixture.sources["res://annotations.gd"]!).methods;
    expect(Object.keys(m)).not.toContain("fake_in_string");
    expect(Object.keys(m)).not.toContain("fake_in_multiline_string");
    expect(Object.keys(m)).not.toContain("inner_rpc");
    expect(Object.keys(m)).not.toContain("not_an_rpc");
  });
});
