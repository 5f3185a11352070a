// The engine for the live tests (test-support's), and throw-away copies of the capture project.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export { type EngineRun, godot4Binary, startEngine, within } from "@gdvariant/test-support/engine";

/** tools/multiplayer in the repository. */
export const TOOLS = resolve(dirname(fileURLToPath(import.meta.url)), "../../../tools/multiplayer");

/** A throw-away copy of the capture project, tools/live/values-4.gd and `script` from tools/multiplayer/live. */
export function projectWith(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), "gdv-mp-live-"));
  cpSync(join(TOOLS, "project"), dir, { recursive: true });
  cpSync(join(TOOLS, "live", script), join(dir, script));
  cpSync(join(TOOLS, "..", "live", "values-4.gd"), join(dir, "values-4.gd"));
  return dir;
}
