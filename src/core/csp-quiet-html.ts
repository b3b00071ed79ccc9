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

/** Removes under `root` what a CSP reports; returns how many there were. */
function stripReported(root: Document | DocumentFragment): number {
  const owner = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument!;
  const walker = owner.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  let removed = 0;
  const styles: Element[] = [];
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    if (node.localName === 'style') styles.push(node);
    for (const name of node.getAttributeNames()) {
      if (!REPORTED_ATTRIBUTE.test(name)) continue;
      node.removeAttribute(name);
      removed++;
    }
    // A template's content is a document fragment of its own, which the walker does not enter.
    if (node.localName === 'template') removed += stripReported((node as HTMLTemplateElement).content);
  }
  for (const style of styles) style.remove();
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
  if (parse === undefined) parse = detachedParser();
  if (!parse) return html;
  try {
    let markup = html;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // Parsed as DOMPurify parses (no <body> added: that would change what a <frameset> does),
      // and read as it reads, the body alone: what goes to the head it drops too.
      const doc = parse(sign(markup));
      // Nothing (more) to take out: markup with none of it goes on exactly as it came.
      if (stripReported(doc) === 0) return markup;
      markup = doc.body.innerHTML;
    }
    return markup;
  } catch {
    return html;
  }
}
