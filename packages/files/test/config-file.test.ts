// ConfigFile text against the engines: config.cfg is what ConfigFile.save wrote, config-enc.cfg
// what save_encrypted_pass("hunter2") wrote for the same ConfigFile (tools/files/files-*.gd).
import { decryptFile, FileError, parseConfigFile, writeConfigFile } from "@gdvariant/files";
import { toText as toText3 } from "@gdvariant/godot-3";
import { toText as toText4 } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { fixture, fixtureText, GENERATIONS } from "./helpers/fixtures.js";

describe.each(GENERATIONS)("ConfigFile of %s", (gen) => {
  const dialect = gen.startsWith("godot-3") ? "godot-3" : "godot-4";
  const toText = dialect === "godot-3" ? toText3 : toText4;
  const text = fixtureText(gen, "config.cfg");

  it("parses to sections of values and writes the engine's exact text back", () => {
    const config = parseConfigFile(text, { dialect });
    expect([...config.keys()].sort()).toEqual(["", "player", "settings"]);
    expect(config.get("player")!.get("hp")).toEqual({ kind: "int", value: 37 });
    expect(config.get("settings")!.get("keys")!.kind).toBe("dictionary");
    expect(writeConfigFile(config, toText, { dialect })).toBe(text);
  });

  it("an encrypted ConfigFile is the same text inside GDEC", () => {
    const r = decryptFile(fixture(gen, "config-enc.cfg"), { password: "hunter2" });
    expect(new TextDecoder().decode(r.plaintext)).toBe(text);
  });

  it("a bad line is a FileError with its offset", () => {
    let err: unknown;
    try {
      parseConfigFile(`${text}\nnot a pair\n`, { dialect });
    } catch (e) {
      err = e;
    }
    expect(FileError.is(err) && err.layer === "config" && err.offset).toBe(text.length + 1);
  });
});
