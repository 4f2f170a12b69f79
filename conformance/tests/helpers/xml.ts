/** A tiny XML reader for the JUnit report's tests: elements, attributes, text; throws on bad nesting. */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const unescape = (s: string): string =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const token = /<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = token.exec(body)) !== null) {
    at = token.lastIndex;
    const top = stack.at(-1)!;
    if (m[5] !== undefined) {
      if (/[<&](?!lt;|gt;|amp;|quot;|apos;)/.test(m[5])) throw new Error(`unescaped text: ${m[5]}`);
      top.text += unescape(m[5]);
      continue;
    }
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs = Object.fromEntries([...(rawAttrs ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, unescape(a[2]!)]));
    const element: XmlElement = { name: name!, attrs, children: [], text: '' };
    top.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (at !== body.length) throw new Error(`not XML at ${at}: ${body.slice(at, at + 40)}`);
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  if (root.children.length !== 1) throw new Error('one root element expected');
  return root.children[0]!;
}
