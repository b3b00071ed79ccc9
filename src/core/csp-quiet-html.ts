/**
 * Markup without what a page's CSP reports while it is merely parsed, taken out where no page
 * policy is watching: inline event handlers (`onerror=…`), `style` attributes and `<style>`
 * elements. The step before DOMPurify, for the page's CSP reports.
 *
 * Browsers check the page's CSP for an inline handler or style when the markup is parsed, in any
 * document tied to the window, DOMPurify's inert one included, and report a `script-src-attr` or
 * `style-src-*` violation for markup that could never run or apply (Chromium both, Firefox the
 * styles). A site whose CSP sends reports would get one for every hostile description or paste
 * its visitors merely see: noise that hides a real attack. Parsed in the realm of a detached
 * frame, the markup raises nothing (no window: nothing can run either); those attributes and
 * elements are removed there and the rest serialised again. No allow-list of ours keeps any of
 * them, so DOMPurify's result is the same; it then sanitises that string as it would any other,
 * and stays the sanitiser of record: this only keeps the browser quiet. Where no such realm can be
 * had, the markup goes on unchanged.
 */

type Parse = (html: string) => Document;

let parse: Parse | null | undefined;

/** A DOMParser from a frame that is created and removed at once: its realm has no CSP left. */
function detachedParser(): Parse | null {
  try {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.hidden = true;
    (document.body ?? document.documentElement).append(frame);
    const Parser = (frame.contentWindow as (Window & typeof globalThis) | null)?.DOMParser;
    frame.remove();
    if (!Parser) return null;
    const parser = new Parser();
    return (html) => parser.parseFromString(html, 'text/html');
  } catch {
    return null;
  }
}

/** Attributes a CSP reports: every inline event handler, and inline style. */
const REPORTED_ATTRIBUTE = /^(on|style$)/i;

/**
 * DOM methods taken from the prototypes, never read off the parsed nodes: hostile markup clobbers
 * a document's properties by name (`<img name=body>` makes `doc.body` that image, which would
 * serialise to nothing and lose the whole text) and a form's by its fields' names. The page's own
 * prototypes work on the frame's nodes too.
 */
const domMethods = () => ({
  body: Object.getOwnPropertyDescriptor(Document.prototype, 'body')!.get! as (this: Document) => HTMLElement | null,
  createTreeWalker: Document.prototype.createTreeWalker as (this: Document, root: Node, what: number) => TreeWalker,
  innerHTML: Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!.get! as (this: Element) => string,
  localName: Object.getOwnPropertyDescriptor(Element.prototype, 'localName')!.get! as (this: Element) => string,
  attributeNames: Element.prototype.getAttributeNames as (this: Element) => string[],
  removeAttribute: Element.prototype.removeAttribute as (this: Element, name: string) => void,
  remove: Element.prototype.remove as (this: Element) => void,
  content: Object.getOwnPropertyDescriptor(HTMLTemplateElement.prototype, 'content')!.get! as (
    this: HTMLTemplateElement,
  ) => DocumentFragment,
});
/** Read when first needed: a module the reference server (Node, no DOM) also imports loads this one. */
let dom: ReturnType<typeof domMethods>;

/** Removes under `root` (of `doc`) what a CSP reports; returns how many there were. */
function stripReported(doc: Document, root: Node): number {
  const walker = dom.createTreeWalker.call(doc, root, NodeFilter.SHOW_ELEMENT);
  let removed = 0;
  const styles: Element[] = [];
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    const tag = dom.localName.call(node);
    if (tag === 'style') styles.push(node);
    for (const name of dom.attributeNames.call(node)) {
      if (!REPORTED_ATTRIBUTE.test(name)) continue;
      dom.removeAttribute.call(node, name);
      removed++;
    }
    // A template's content is a document fragment of its own, which the walker does not enter.
    if (tag === 'template') removed += stripReported(doc, dom.content.call(node as HTMLTemplateElement));
  }
  for (const style of styles) dom.remove.call(style);
  return removed + styles.length;
}

/** Serialised markup can parse into something else (mutation XSS): parsed again until none is left, this many times at most. */
const MAX_ROUNDS = 4;

/**
 * `html` without inline handlers and inline style; `sign` makes the string a parser may take (a
 * TrustedHTML on a page enforcing Trusted Types).
 */
export function withoutInlineScriptOrStyle(html: string, sign: (html: string) => string): string {
  // Cheap test first: no "on" and no "style" anywhere, nothing to take out.
  if (!/on|style/i.test(html)) return html;
  if (parse === undefined) {
    parse = detachedParser();
    dom = domMethods();
  }
  if (!parse) return html;
  try {
    let markup = html;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // Parsed as DOMPurify parses (no <body> added: that would change what a <frameset> does),
      // and read as it reads, the body alone: what goes to the head it drops too.
      const doc = parse(sign(markup));
      // Nothing (more) to take out: markup with none of it goes on exactly as it came.
      if (stripReported(doc, doc) === 0) return markup;
      const body = dom.body.call(doc);
      markup = body ? dom.innerHTML.call(body) : '';
    }
    return markup;
  } catch {
    return html;
  }
}
