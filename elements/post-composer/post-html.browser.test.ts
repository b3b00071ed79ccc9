/**
 * The post body's allow-list (elements/post-composer/post-html.ts) in each engine: DOMPurify's own script-running
 * vectors stay inert once rendered in a shadow root, and pastes from a word processor, a document
 * editor and a web page keep only allowed structure (text, formatting, lists, headings, links with
 * allowed schemes, http(s) images and sandboxed iframes, figures, hr.read-more).
 */
import { expect } from '@open-wc/testing';
import { POST_HTML_TAGS, POST_IFRAME_SANDBOX, sanitizePostHtml } from './post-html';
import { editorLink } from './model/editor-links';
import { cleanup, mount } from '../../tests/helpers/dom';
import { nextTick } from '../../tests/helpers/wait';
import { trapXss, xssVectors } from '../../tests/helpers/xss';
import word from '../../tests/fixtures/paste/word.html';
import gdocs from '../../tests/fixtures/paste/gdocs.html';
import webpage from '../../tests/fixtures/paste/webpage.html';

/** Renders sanitised HTML in a shadow root, as the editor and the drawer do. */
function render(html: string): ShadowRoot {
  const host = mount('<div></div>');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = sanitizePostHtml(html);
  return root;
}

const allowed = new Set<string>(POST_HTML_TAGS.map((t) => t.toUpperCase()));

function checkStructure(root: ShadowRoot) {
  for (const el of root.querySelectorAll('*')) {
    expect(allowed.has(el.tagName), `<${el.tagName.toLowerCase()}> kept`).to.equal(true);
    for (const attr of el.attributes) {
      expect(/^on/i.test(attr.name), `${attr.name} on <${el.tagName.toLowerCase()}>`).to.equal(false);
      expect(['style', 'id', 'srcset', 'srcdoc', 'xlink:href', 'action', 'formaction'].includes(attr.name), `${attr.name} kept`).to.equal(
        false,
      );
      if (['href', 'src'].includes(attr.name))
        expect(/^(https?:|mailto:|\/|#)/i.test(attr.value), `${attr.name}="${attr.value}"`).to.equal(true);
    }
    if (el.hasAttribute('class')) expect(el.tagName === 'HR' && el.getAttribute('class') === 'read-more').to.equal(true);
    if (el.tagName === 'IFRAME') expect(el.getAttribute('sandbox')).to.equal(POST_IFRAME_SANDBOX);
  }
}

describe('the post body allow-list', function () {
  this.timeout(60_000);
  afterEach(() => cleanup());

  it('keeps every DOMPurify vector inert in a shadow root, and only allowed structure', async () => {
    const trap = trapXss();
    try {
      for (const { payload } of xssVectors) checkStructure(render(payload));
      // Give any deferred handler (onload, onerror, a refresh) its chance to run.
      await nextTick();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
      expect(trap.ran()).to.deep.equal([]);
    } finally {
      trap.restore();
    }
  });

  it('a word processor paste keeps its text, bold, italic and the http link; drops styles, Office tags, the javascript: link and the local image', () => {
    const root = render(word);
    checkStructure(root);
    const text = root.textContent!.replace(/\s+/g, ' ');
    for (const part of ['Harbour notes', 'Tide', 'came in at', 'six', 'Ropes', 'Tide table', 'a trap', 'Cell'])
      expect(text).to.contain(part);
    expect(root.querySelector('b')?.textContent).to.equal('Tide');
    expect(root.querySelector('i')?.textContent).to.equal('six');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/tides', null]);
    expect(root.querySelector('img')).to.equal(null);
    expect(root.innerHTML).not.to.match(/mso|o:p|MsoNormal|<style|<table|<td/i);
  });

  it('a document editor paste keeps its heading, list and link; drops the styles and the handler', () => {
    const root = render(gdocs);
    checkStructure(root);
    expect(root.querySelector('h2')?.textContent).to.equal('Weekend plans');
    expect([...root.querySelectorAll('ul li')].map((li) => li.textContent)).to.deep.equal(['First', 'Second']);
    expect(root.querySelector('a')?.getAttribute('href')).to.equal('https://docs.example/x');
    expect(root.innerHTML).not.to.match(/style=|docs-internal-guid|onclick/);
  });

  it('a web page paste keeps text structure, the figure and image, hr.read-more, a sandboxed http iframe; drops the rest', () => {
    const root = render(webpage);
    checkStructure(root);
    expect(root.querySelector('h1')?.textContent).to.equal('Big headline');
    expect(root.querySelector('blockquote')?.textContent).to.equal('A quote');
    expect(root.querySelector('figure img')?.getAttribute('src')).to.equal('https://images.example/a.jpg');
    expect(root.querySelector('figure img')?.getAttribute('alt')).to.equal('A harbour');
    expect(root.querySelector('figcaption')?.textContent).to.equal('The harbour');
    expect([...root.querySelectorAll('hr')].map((hr) => hr.getAttribute('class'))).to.deep.equal(['read-more', null]);
    const frames = [...root.querySelectorAll('iframe')];
    expect(frames.map((f) => f.getAttribute('src'))).to.deep.equal(['https://player.example/embed/9']);
    expect(root.querySelector('a[href="mailto:editor@example.com"]')).not.to.equal(null);
    // A data: image, forms, svg, math, object, embed, video, meta, link and style are gone.
    expect(
      root.querySelectorAll('form, input, button, svg, math, object, embed, video, meta, link, style, script, div, section, header, nav')
        .length,
    ).to.equal(0);
    expect([...root.querySelectorAll('img')].length).to.equal(1);
  });
});

describe('editor links', () => {
  it('trims, allows http, https and mailto, and gives a bare address http://', () => {
    expect(editorLink('  https://example.com/a  ')).to.equal('https://example.com/a');
    expect(editorLink('mailto:me@example.com')).to.equal('mailto:me@example.com');
    expect(editorLink('example.com/page')).to.equal('http://example.com/page');
    expect(editorLink('localhost:4173/x')).to.equal('http://localhost:4173/x');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'ftp://example.com', '', '   '])
      expect(editorLink(bad), bad).to.equal(null);
  });
});
