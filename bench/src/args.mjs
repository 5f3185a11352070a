// The bench scripts' command line: `--key=value` as { key: "value" }, a bare `--flag` as { flag: true }.
export function cliArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a) => {
      const [k, v] = a.replace(/^--/, "").split("=");
      return [k, v ?? true];
    }),
  );
}
