// `gdvariant rpc-schema`: a project folder (here a copy of a small Godot project: scripts with
// @rpc methods, a scene instancing another, a hidden .godot folder) to the TypeScript module of
// @gdvariant/multiplayer's rpcSchemaModule.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rpcSchema, rpcSchemaModule } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { gdvariant, tempDir } from "./support/cli.js";

const scripts = {
  "res://game.gd":
    'extends Node\n\n@rpc("any_peer", "call_local", "unreliable", 2)\nfunc chat(text):\n\tpass\n\n@rpc\nfunc start():\n\tpass\n',
  "res://actors/player.gd": 'extends "../game.gd"\n\n@rpc("any_peer")\nfunc move(to):\n\tpass\n',
  "res://plain.gd": "extends Node\n\nfunc nothing():\n\tpass\n",
};
const scenes = {
  "res://actors/player.tscn":
    '[gd_scene format=3]\n\n[ext_resource type="Script" path="res://actors/player.gd" id="1_a"]\n\n[node name="Player" type="Node2D"]\nscript = ExtResource("1_a")\n',
  "res://main.tscn":
    '[gd_scene format=3]\n\n[ext_resource type="Script" path="res://game.gd" id="1_g"]\n[ext_resource type="PackedScene" path="res://actors/player.tscn" id="2_p"]\n\n[node name="Main" type="Node"]\nscript = ExtResource("1_g")\n\n[node name="Hero" parent="." instance=ExtResource("2_p")]\n',
};

describe("rpc-schema", () => {
  it("writes the module for a project folder, skipping hidden folders", () => {
    const dir = tempDir("rpc-schema");
    for (const [res, text] of Object.entries({ ...scripts, ...scenes })) {
      const p = join(dir, res.slice("res://".length));
      mkdirSync(join(p, ".."), { recursive: true });
      writeFileSync(p, text);
    }
    mkdirSync(join(dir, ".godot"), { recursive: true });
    writeFileSync(join(dir, ".godot", "ignored.gd"), "@rpc\nfunc hidden():\n\tpass\n");
    const r = gdvariant(["rpc-schema", dir]);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    const schema = rpcSchema({ scripts, scenes });
    expect(r.stdout).toBe(rpcSchemaModule(schema, dir));
    expect(Object.keys(schema.scripts)).toEqual(["res://actors/player.gd", "res://game.gd"]);
    expect(Object.keys(schema.scripts["res://actors/player.gd"]!)).toEqual(["chat", "move", "start"]);
    expect(schema.scenes["res://main.tscn"]).toEqual({
      Main: "res://game.gd",
      "Main/Hero": "res://actors/player.gd",
    });
    const out = join(dir, "out", "schema.ts");
    expect(gdvariant(["rpc-schema", dir, "-o", out]).code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(r.stdout);
  });

  it("refuses a file, a missing folder and a project over --max-bytes", () => {
    const dir = tempDir("rpc-schema");
    writeFileSync(join(dir, "a.gd"), "x".repeat(100));
    expect(gdvariant(["rpc-schema", join(dir, "a.gd")]).code).toBe(2);
    expect(gdvariant(["rpc-schema"]).code).toBe(2);
    expect(gdvariant(["rpc-schema", dir, "--max-bytes", "50"]).code).toBe(1);
  });
});
