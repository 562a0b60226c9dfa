// A small, strict XML reader for the tests: enough of XML 1.0 to check that
// the SVG we write is well-formed (one root, matched tags, quoted and unique
// attributes, only the five predefined or numeric entities, no stray < or &,
// only characters XML 1.0 allows, raw or as references) and to look inside it.
// Throws on anything it does not accept.

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text, entities decoded. */
  readonly text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** XML 1.0's Char: tab, newline, return, and the rest of Unicode but other controls, surrogates, U+FFFE and U+FFFF. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`not well-formed XML at ${at}: ${why} near ${JSON.stringify(source.slice(at, at + 30))}`);
  };
  const endOf = (close: string): number => {
    const found = source.indexOf(close, at);
    return found < 0 ? fail(`no closing ${close}`) : found + close.length;
  };
  const skipMisc = () => {
    for (;;) {
      const rest = source.slice(at);
      const space = /^\s+/.exec(rest);
      if (space) at += space[0].length;
      else if (rest.startsWith("<?")) at = endOf("?>");
      else if (rest.startsWith("<!--")) at = endOf("-->");
      else return;
    }
  };
  const decode = (raw: string): string => {
    if (raw.includes("<")) fail("a bare < in text or an attribute");
    return raw.replace(/&([^;]*);|&/g, (whole, entity: string | undefined) => {
      if (entity === undefined) return fail("a bare &");
      if (entity in ENTITIES) return ENTITIES[entity]!;
      const code = /^#(\d+)$/.exec(entity)?.[1] ?? /^#x([\da-fA-F]+)$/.exec(entity)?.[1];
      if (code === undefined) return fail(`unknown entity &${entity};`);
      const point = parseInt(code, entity.startsWith("#x") ? 16 : 10);
      if (!isXmlChar(point)) return fail(`a reference to a character XML does not allow (&${entity};)`);
      return String.fromCodePoint(point);
    });
  };
  const element = (): XmlElement => {
    if (source[at] !== "<") fail("expected an element");
    at++;
    const name = NAME.exec(source.slice(at))?.[0] ?? fail("expected a tag name");
    at += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const attribute = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(source.slice(at));
      if (!attribute) break;
      if (attribute[1]! in attributes) fail(`attribute ${attribute[1]} twice`);
      attributes[attribute[1]!] = decode(attribute[3] ?? attribute[4]!);
      at += attribute[0].length;
    }
    const end = /^\s*(\/?)>/.exec(source.slice(at)) ?? fail(`bad attribute or unclosed tag <${name}`);
    at += end[0].length;
    if (end[1] === "/") return { name, attributes, children: [], text: "" };
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      const next = source.indexOf("<", at);
      if (next < 0) fail(`<${name}> is never closed`);
      text += decode(source.slice(at, next));
      at = next;
      if (source.startsWith("<!--", at)) skipMisc();
      else if (source.startsWith("</", at)) break;
      else children.push(element());
    }
    const close = `</${name}`;
    if (!source.startsWith(close, at)) fail(`expected ${close}>`);
    at += close.length;
    const gt = /^\s*>/.exec(source.slice(at)) ?? fail("expected >");
    at += gt[0].length;
    return { name, attributes, children, text };
  };

  for (const char of source) {
    if (!isXmlChar(char.codePointAt(0)!)) {
      at = source.indexOf(char);
      fail(`a character XML does not allow (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`);
    }
  }
  skipMisc();
  const root = element();
  skipMisc();
  if (at !== source.length) fail("content after the root element");
  return root;
}

/** Every element under `root` (itself included), depth first. */
export function allElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(allElements)];
}
