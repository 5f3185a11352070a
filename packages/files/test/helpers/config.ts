// Shared by the ConfigFile tests: the line ends the engines load a ConfigFile with.

/** The text as saved (LF), and with every "\n" made "\r\n" and "\r". */
export const LINE_ENDS = {
  lf: (t: string) => t,
  crlf: (t: string) => t.replaceAll("\n", "\r\n"),
  cr: (t: string) => t.replaceAll("\n", "\r"),
} as const;

export type LineEnd = keyof typeof LINE_ENDS;
