const READ_OPTIONS = `  --dialect D        auto (default), godot-4, godot-3 or legacy-2
  --framing F        auto (default), raw, store-var, stream or base64
                     raw: var_to_bytes / var2bytes / a PacketPeer packet
                     store-var: store_var files; stream: StreamPeer.put_var (same bytes)
                     base64: Marshalls.variant_to_base64 text, one value per line
  --big-endian       length words are big-endian (File.endian_swap / big_endian = true)
  --allow-objects    decode full objects (inert data: nothing is instantiated)
  --max-bytes N      refuse an input larger than N bytes (default 1073741824: 1 GiB), and
                     a decrypted or decompressed layer inside it larger than N (default
                     268435456: 256 MiB)`;

const SECRET_OPTIONS = `  --password P       password of an encrypted file (GDEC, open_encrypted_with_pass);
  --key HEX          or its raw key, 64 hex digits. Compressed files (GCPF), compress()
                     envelopes, ConfigFiles and project.binary open by themselves`;

const TARGET_OPTIONS = `  --engine-version V target engine version: 4.0-4.6 (godot-4), 3.0-3.6 (godot-3), 2.1
  --precision P      single (default) or double (godot-4 precision=double builds)`;

const JSON_FORMAT_OPTIONS = `  --indent S         JSON.stringify's indent: tab, N spaces (0-16) or the string S (default: none)
  --sort-keys B      JSON.stringify's sort_keys: true (default) or false (insertion order)
  --full-precision   JSON.stringify's full_precision: shortest round-trip numbers, not 15 digits
  --full-objects     JSON.from_native's full_objects: write objects as {"type", "props"} (json-native)`;

const EXIT_CODES = `Exit codes: 0 ok, 1 bad input (not a Variant, bad text/JSON, value the target cannot
hold), 2 usage error, 3 file could not be read or written.`;

/** Help text of each command, shown by `gdvariant COMMAND --help`. */
export const HELP = {
  main: `gdvariant: read and write Godot's binary Variant format (var_to_bytes, store_var, put_var)
of Godot 4.x, 3.x and 2.x.

Usage: gdvariant COMMAND [options] [FILE...]

Commands:
  inspect FILE...    what each file is (engine, version, framing, evidence), then the value as a tree
  decode FILE|-...   the values, one per record: engine text, tagged JSON (JSON Lines) or JS
  encode IN          Godot text or tagged JSON to bytes of a dialect
  convert IN         a dump of one dialect to another (e.g. a 3.x save to 4.x), listing losses
  hexdump FILE...    annotated hex: every byte range labelled with its path and kind
  decrypt FILE       an encrypted file (GDEC, 3.x or 4.x layout) to its plain bytes
  encrypt FILE       plain bytes to an encrypted file the engine opens with the same password
  decompress FILE    a compressed file (GCPF: FastLZ, Deflate, Zstd, GZip, Brotli) to its bytes
  compress FILE      plain bytes to a compressed file (open_compressed's layout)
  rpc-schema DIR     a Godot 4 project's @rpc methods as TypeScript, for @gdvariant/multiplayer

Files may be folders (read recursively). Run 'gdvariant COMMAND --help' for a command's options.
  -h, --help         this help
  -v, --version      the version

${EXIT_CODES}`,

  inspect: `Usage: gdvariant inspect [options] FILE...

Tells what each file is: the detected engine dialect, versions, framing and precision, the
confidence and the evidence behind it, other candidates, then the value(s) as a tree with kinds.

Options:
${READ_OPTIONS}
${SECRET_OPTIONS}
  --max-items N      children shown per container (default 100)
  --json             one JSON object per file instead of text (for scripts)
  -h, --help         this help

${EXIT_CODES}`,

  decode: `Usage: gdvariant decode [options] FILE|-...

Prints the value of every record, one per record:
  text  the engine's own text (var_to_str in 4.x, var2str in 2.x/3.x), records separated by a newline
  json  core's lossless tagged JSON, one record per line (JSON Lines)
  js    the plain JavaScript view (toJS), one record per line
  json-native  Godot 4.4+'s JSON.stringify(JSON.from_native(v)), one record per line (godot-4 only;
               with --indent, records are separated by a newline)

Options:
${READ_OPTIONS}
${SECRET_OPTIONS}
  --format F         text (default), json, js or json-native
${JSON_FORMAT_OPTIONS}
  --engine-version V text as that release prints it: 3.0-3.6 for godot-3 (default 3.6; 3.2 and
                     older print {\\n\\n} and -inf, order Vector2 keys approximately), 4.0-4.6
                     for godot-4 (default 4.6; 4.0-4.4 print reals with six digits)
  -o, --output OUT   write to OUT instead of stdout; a folder when several inputs are given
                     (one file per input: .txt, .jsonl, .js.txt or .json)
  -h, --help         this help

${EXIT_CODES}`,

  encode: `Usage: gdvariant encode IN --dialect D [options] -o OUT

Reads values from IN (a file or - for stdin) and writes them as bytes of dialect D.
  --from text   Godot's text syntax, as var_to_str/var2str print it: Vector2(1, 2),
                &"name", ^"node/path", Array[int]([1, 2]), { key: value } with any keys...
                several values are several records
  --from json   core's tagged JSON: one document, or JSON Lines with one value per line
Without --from, IN is read as tagged JSON when it parses as such, else as text.
Text reads every spelling of inf and nan, unless --engine-version names a 3.x release: then it
reads what that release's str2var reads (inf_neg from 3.4).

Options:
  --dialect D        godot-4, godot-3 or legacy-2 (required)
  --from F           text or json (default: guessed from the content)
  --framing F        raw (default; one value), store-var, stream or base64
  --big-endian       big-endian length words (store-var, stream)
${TARGET_OPTIONS}
  -o, --output OUT   output file; required when stdout is a terminal, except for base64
  -h, --help         this help

${EXIT_CODES}`,

  convert: `Usage: gdvariant convert IN --to D [options] [-o OUT]

Reads a dump (any dialect, detected) and writes it for dialect D with the same framing,
printing each lossy step (kinds the target lacks, numbers it cannot hold...) on stderr. An
encrypted or compressed input (a 3.x save) is written encrypted or compressed the way D's
engine reads it, with the same password unless --new-password is given.

--to json-native writes Godot 4.4+'s JSON.stringify(JSON.from_native(v)) and --to json-stringify
the plain JSON.stringify(v), one line a record (after converting to Godot 4, losses listed);
--from json-native reads a JSON.from_native text instead of a dump, as JSON.to_native does.

Options:
  --to D             godot-4, godot-3, legacy-2, json-native or json-stringify (required)
  --from F           json-native: IN is JSON.from_native text (default: a dump)
${JSON_FORMAT_OPTIONS}
${READ_OPTIONS}
${SECRET_OPTIONS}
${TARGET_OPTIONS}
  --new-password P   encrypt the output with P instead of the input's password
  --strict           exit with 1 (and write nothing) when the conversion loses anything
  --unconvertible U  error (default): a kind the target cannot hold at all (Vector4 for 3.x...)
                     fails the file; nil: it is written as null and listed as a loss
  -o, --output OUT   output file or folder (required for binary output to a terminal)
  -h, --help         this help

${EXIT_CODES}`,

  hexdump: `Usage: gdvariant hexdump [options] FILE...

Prints the bytes in hex with every range labelled: length words, each value's header and payload
with its path ([2]["hp"]) and kind, and bytes the engine ignores.

Options:
${READ_OPTIONS}
${SECRET_OPTIONS}
  --width N          bytes per line (default 16)
  -h, --help         this help

${EXIT_CODES}`,

  decrypt: `Usage: gdvariant decrypt FILE (--password P | --key HEX) [--max-bytes N] -o OUT

Writes the plain bytes of a file written by open_encrypted_with_pass / open_encrypted (or
ConfigFile.save_encrypted_pass): the 2.x/3.x layout (AES-256-ECB) and the 4.x layout
(AES-256-CFB), detected. A wrong password or key fails the file's MD5 check: exit 1.

Options:
  --password P       the password the game used
  --key HEX          or the raw key: 64 hex digits
  --max-bytes N      refuse a file, or a plaintext, larger than N bytes (default 1 GiB)
  -o, --output OUT   output file (required)
  -h, --help         this help

${EXIT_CODES}`,

  encrypt: `Usage: gdvariant encrypt FILE (--password P | --key HEX [--iv HEX]) --layout L -o OUT

Encrypts FILE as FileAccessEncrypted writes it, for the engine to open with the same password
or key: --layout godot-3 (2.x and 3.x engines) or godot-4 (4.x).

Options:
  --password P       password (open_encrypted_with_pass)
  --key HEX          or raw key, 64 hex digits (open_encrypted)
  --iv HEX           godot-4 only: the IV, 32 hex digits (default: random, as the engine)
  --layout L         godot-3 or godot-4 (required)
  -o, --output OUT   output file (required)
  -h, --help         this help

${EXIT_CODES}`,

  decompress: `Usage: gdvariant decompress FILE [--max-bytes N] -o OUT

Writes the plain bytes of a file written by open_compressed (GCPF): FastLZ, Deflate, Zstd,
GZip or Brotli, any block size.

Options:
  --max-bytes N      refuse a file larger than N bytes (default 1 GiB), or one that says it
                     inflates to more than N (default 268435456: 256 MiB)
  -o, --output OUT   output file (required)
  -h, --help         this help

${EXIT_CODES}`,

  compress: `Usage: gdvariant compress FILE --mode M [--block-size N] -o OUT

Compresses FILE as open_compressed writes it (GCPF), for 3.x and 4.x engines to open.

Options:
  --mode M           fastlz (the engine's default), deflate, zstd or gzip (required)
  --block-size N     bytes per block (default 4096, the engine's)
  -o, --output OUT   output file (required)
  -h, --help         this help

${EXIT_CODES}`,

  "rpc-schema": `Usage: gdvariant rpc-schema PROJECT [-o schema.ts]

Reads every .gd and .tscn file of a Godot 4 project folder (hidden folders such as .godot
skipped) and writes a TypeScript module for @gdvariant/multiplayer: \`scripts\`, each script's
@rpc methods (mode, call_local, transfer mode, channel; inherited ones too), and \`nodes\`, per
scene, the path of every node that carries such a script (instanced scenes expanded), so the
method ids and checksums a server declares match the game. Nothing in the project runs.

Options:
  -o, --output OUT   write the module to OUT (default: standard output)
  --max-bytes N      refuse a project whose .gd and .tscn files pass N bytes in all
                     (default 1073741824: 1 GiB)
  -h, --help         this help

${EXIT_CODES}`,
} as const;

/** Names of the commands. */
export type CommandName = Exclude<keyof typeof HELP, "main">;
