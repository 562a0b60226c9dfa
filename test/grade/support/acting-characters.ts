/**
 * What a terminal acts on rather than shows, which no report may hold (src/render/shown-as-data.ts): a
 * character below U+0020 but newline, a C1 control, a line separator or bidi override, a lone surrogate.
 */
export const ACTING =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters a terminal acts on are what this looks for
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
