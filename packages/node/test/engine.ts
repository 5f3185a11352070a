// The engines for the live tests come from test-support; LIVE_TOOLS is this package's folder of
// engine-side clients.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export {
  type EngineRun,
  godot3Binary,
  godot4Binary,
  godot36Binary,
  startEngine,
  within,
} from "@gdvariant/test-support/engine";

/** tools/live in the repository. */
export const LIVE_TOOLS = resolve(dirname(fileURLToPath(import.meta.url)), "../../../tools/live");
