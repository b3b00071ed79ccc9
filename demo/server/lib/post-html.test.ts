import { describe, expect, it } from 'vitest';
import { parseFragment } from 'parse5';
import vectors from '../../../tests/fixtures/xss/dompurify-vectors.json';
import { readFileSync } from 'node:fs';
import { renderPostBody } from './post-html';
import { POST_HTML_TAGS } from '../../../elements/post-composer/post-html';

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
}
/** The post body's allow-list, the one the editor enforces (the renderer must keep to it too). */
const ALLOWED = new Set<string>(POST_HTML_TAGS);

/** Every element of the output, as the browser's parser (parse5) reads it back. */
function elements(html: string): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    if (n.tagName) out.push(n);
    for (const c of n.childNodes ?? []) walk(c);
  };
  walk(parseFragment(html) as unknown as Node);
  return out;
}

function inert(html: string) {
  for (const el of elements(html)) {
    expect(ALLOWED.has(el.tagName!), el.tagName).toBe(true);
    for (const { name, value } of el.attrs ?? []) {
      expect(name.startsWith('on'), `${name} on ${el.tagName}`).toBe(false);
      if (name === 'href' || name === 'src') expect(value, `${name} on ${el.tagName}`).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/i);
      expect(['style', 'srcdoc', 'srcset', 'formaction', 'xlink:href'].includes(name)).toBe(false);
    }
  }
}

describe("the demo pages' post body renderer", () => {
  it('leaves every DOMPurify vector inert, read back by the same parser a browser uses', () => {
    for (const { payload } of vectors as { payload: string }[]) {
      const once = renderPostBody(payload, 'html');
      inert(once);
      // Idempotent: rendering the output again changes nothing (no mutation on a second parse).
      expect(renderPostBody(once, 'html')).toBe(once);
    }
  });
  it('keeps formatting, lists, links, figures, hr.read-more and sandboxed http frames from pasted pages', () => {
    const out = renderPostBody(readFileSync('tests/fixtures/paste/webpage.html', 'utf8'), 'html');
    inert(out);
    expect(out).toContain('<h1>Big headline</h1>');
    expect(out).toContain('<strong>strong</strong>');
    expect(out).toContain('<a href="mailto:editor@example.com" rel="nofollow noopener">mail</a>');
    expect(out).toContain('<hr class="read-more">');
    expect(out).toContain(
      '<iframe src="https://player.example/embed/9" width="560" height="315" sandbox="allow-scripts allow-popups allow-presentation"',
    );
    expect(out).not.toMatch(/javascript:|srcdoc|<script|<style|<form|<svg|<object|<embed|data:image/);
  });
  it('renders Markdown bodies', () => {
    expect(renderPostBody('Hello **bold** [x](javascript:alert(1)) <img src=x onerror=alert(1)>', 'markdown')).toBe(
      '<p>Hello <strong>bold</strong> <a rel="nofollow noopener">x</a> </p>\n',
    );
  });
});
