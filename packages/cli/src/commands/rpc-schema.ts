import { rpcSchema, rpcSchemaModule } from "@gdvariant/multiplayer";
import { maxBytesOf, parseCommand } from "../args.js";
import { UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, displayPath, expandInputs, isFolder, readInput, write, writeOutput } from "../io.js";

/**
 * `gdvariant rpc-schema`: the TypeScript declaration of a Godot project's RPC methods, read from
 * its `.gd` and `.tscn` files, for `@gdvariant/multiplayer` servers and clients.
 */
export async function rpcSchemaCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("rpc-schema", argv, {
    output: { type: "string", short: "o" },
    "max-bytes": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  if (positionals.length !== 1) throw new UsageError("rpc-schema needs one PROJECT folder", "rpc-schema");
  const root = positionals[0]!;
  if (!(await isFolder(root))) throw new UsageError(`${displayPath(root)} is not a folder`, "rpc-schema");
  const maxBytes = maxBytesOf("rpc-schema", values);
  const { files } = await expandInputs([root], io); // hidden folders (.godot, .git) are skipped
  const scripts: Record<string, string> = {};
  const scenes: Record<string, string> = {};
  let total = 0;
  const text = new TextDecoder();
  for (const f of files) {
    const res = `res://${f.rel.split(/[\\/]/).join("/")}`;
    const isScript = res.endsWith(".gd");
    if (!isScript && !res.endsWith(".tscn")) continue;
    const bytes = await readInput(f.path, io, maxBytes - total);
    total += bytes.length;
    (isScript ? scripts : scenes)[res] = text.decode(bytes);
  }
  const module = rpcSchemaModule(rpcSchema({ scripts, scenes }), displayPath(root));
  if (values.output !== undefined) await writeOutput(values.output, module);
  else await write(io.stdout, module);
  return EXIT.ok;
}
