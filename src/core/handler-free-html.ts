/**
 * Markup with its inline event handler attributes (`onerror=…`, `onload=…`) taken out, parsed
 * where no page policy is watching: the step before DOMPurify, for the page's CSP reports.
 *
 * Chromium checks the page's CSP for an inline handler when the attribute is parsed, in any
 * document tied to the window, DOMPurify's inert one included, and reports a `script-src-attr`
 * violation for markup that could never run. A site whose CSP sends reports would get one for
 * every hostile description or paste its visitors merely see, noise that hides a real attack.
 * Parsed in the realm of a detached frame, the attributes raise nothing (no window, nothing can
 * run either); the handlers are removed there and the rest serialised again. DOMPurify then
 * sanitises that string as it would any other: it stays the sanitiser of record, this only keeps
 * the browser quiet. Where no such realm can be had, the markup goes on unchanged.
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

const HANDLER = /^on/i;

/** Removes the handler attributes under `root`; returns how many there were. */
function stripHandlers(root: Document | DocumentFragment): number {
  const owner = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument!;
  const walker = owner.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  let removed = 0;
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    for (const name of node.getAttributeNames()) {
      if (!HANDLER.test(name)) continue;
      node.removeAttribute(name);
      removed++;
    }
    // A template's content is a document fragment of its own, which the walker does not enter.
    if (node.localName === 'template') removed += stripHandlers((node as HTMLTemplateElement).content);
  }
  return removed;
}

/** Serialised markup can parse into something else (mutation XSS): parsed again until none is left, this many times at most. */
const MAX_ROUNDS = 4;

/**
 * `html` without inline handler attributes; `sign` makes the string a parser may take (a
 * TrustedHTML on a page enforcing Trusted Types).
 */
export function withoutInlineHandlers(html: string, sign: (html: string) => string): string {
  // Cheap test first: no "on" anywhere, no handler.
  if (!/on/i.test(html)) return html;
  if (parse === undefined) parse = detachedParser();
  if (!parse) return html;
  try {
    let markup = html;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // An explicit <body> first: a leading <style>, <meta> or <title> stays in the body, where the
      // serialisation below reads, instead of moving to the head.
      const doc = parse(sign(`<body>${markup}`));
      // Nothing (more) to take out: markup with no handler at all goes on exactly as it came.
      if (stripHandlers(doc) === 0) return markup;
      markup = doc.body.innerHTML;
    }
    return markup;
  } catch {
    return html;
  }
}
