const READ_OPTIONS = `  --dialect D        auto (default), godot-4, godot-3 or legacy-2
  --framing F        auto (default), raw, store-var, stream or base64
                     raw: var_to_bytes / var2bytes / a PacketPeer packet
                     store-var: store_var files; stream: StreamPeer.put_var (same bytes)
                     base64: Marshalls.variant_to_base64 text, one value per line
  --big-endian       length words are big-endian (File.endian_swap / big_endian = true)
  --allow-objects    decode full objects (inert data: nothing is instantiated)
  --max-bytes N      refuse an input larger than N bytes (default 1073741824: 1 GiB)`;

const TARGET_OPTIONS = `  --engine-version V target engine version: 4.0-4.6 (godot-4), 3.0-3.6 (godot-3), 2.1
  --precision P      single (default) or double (godot-4 precision=double builds)`;

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

Files may be folders (read recursively). Run 'gdvariant COMMAND --help' for a command's options.
  -h, --help         this help
  -v, --version      the version

${EXIT_CODES}`,

  inspect: `Usage: gdvariant inspect [options] FILE...

Tells what each file is: the detected engine dialect, versions, framing and precision, the
confidence and the evidence behind it, other candidates, then the value(s) as a tree with kinds.

Options:
${READ_OPTIONS}
  --max-items N      children shown per container (default 100)
  --json             one JSON object per file instead of text (for scripts)
  -h, --help         this help

${EXIT_CODES}`,

  decode: `Usage: gdvariant decode [options] FILE|-...

Prints the value of every record, one per record:
  text  the engine's own text (var_to_str in 4.x, var2str in 2.x/3.x), records separated by a newline
  json  core's lossless tagged JSON, one record per line (JSON Lines)
  js    the plain JavaScript view (toJS), one record per line

Options:
${READ_OPTIONS}
  --format F         text (default), json or js
  -o, --output OUT   write to OUT instead of stdout; a folder when several inputs are given
                     (one file per input: .txt, .jsonl or .js.txt)
  -h, --help         this help

${EXIT_CODES}`,

  encode: `Usage: gdvariant encode IN --dialect D [options] -o OUT

Reads values from IN (a file or - for stdin) and writes them as bytes of dialect D.
  --from text   Godot's text syntax, as var_to_str/var2str print it: Vector2(1, 2),
                &"name", ^"node/path", Array[int]([1, 2]), { key: value } with any keys...
                several values are several records
  --from json   core's tagged JSON: one document, or JSON Lines with one value per line
Without --from, IN is read as tagged JSON when it parses as such, else as text.

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
printing each lossy step (kinds the target lacks, numbers it cannot hold...) on stderr.

Options:
  --to D             godot-4, godot-3 or legacy-2 (required)
${READ_OPTIONS}
${TARGET_OPTIONS}
  --strict           exit with 1 (and write nothing) when the conversion loses anything
  -o, --output OUT   output file or folder (required for binary output to a terminal)
  -h, --help         this help

${EXIT_CODES}`,

  hexdump: `Usage: gdvariant hexdump [options] FILE...

Prints the bytes in hex with every range labelled: length words, each value's header and payload
with its path ([2]["hp"]) and kind, and bytes the engine ignores.

Options:
${READ_OPTIONS}
  --width N          bytes per line (default 16)
  -h, --help         this help

${EXIT_CODES}`,
} as const;

/** Names of the commands. */
export type CommandName = Exclude<keyof typeof HELP, "main">;
