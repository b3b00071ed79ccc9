/**
 * The step before DOMPurify that keeps a page's CSP reports quiet: inline handlers and inline
 * style are taken out in a detached frame's realm. Structure, text and other attributes must come
 * through as they were; the e2e test checks that no report is raised (tests/e2e/csp-reports.spec.ts).
 */
import { expect } from '@open-wc/testing';
import { withoutInlineScriptOrStyle } from './csp-quiet-html';
import { xssVectors } from '../../tests/helpers/xss';

const same = (html: string) => html;
/** Parsed as DOMPurify parses what it is given next (DOMParser, markup forced into the body). */
const parsed = (html: string) => new DOMParser().parseFromString(`<remove></remove>${html}`, 'text/html').body;

describe('withoutInlineScriptOrStyle', () => {
  it('takes out every on* attribute, in HTML, SVG and template content, in any case', () => {
    const out = withoutInlineScriptOrStyle(
      '<p ONCLICK="x()">a<img src=x onerror=alert(1)><svg><a onmouseover="x()"><animate onbegin=x() /></a></svg><template><b onfocus=x()>t</b></template></p>',
      same,
    );
    const body = parsed(out);
    const all = [
      ...body.querySelectorAll('*'),
      ...[...body.querySelectorAll('template')].flatMap((t) => [...t.content.querySelectorAll('*')]),
    ];
    expect(all.length).to.be.greaterThan(5);
    expect(all.flatMap((el) => el.getAttributeNames().filter((n) => /^on/i.test(n)))).to.deep.equal([]);
    expect(body.querySelector('img')?.getAttribute('src')).to.equal('x');
  });

  it('keeps text, attribute values and structure that merely contain "on"', () => {
    const html =
      '<p title="onerror=x" class="one">Turn on the lights, onion=3 <a href="https://example.com/on">on</a></p><ul><li>one</li></ul>';
    expect(withoutInlineScriptOrStyle(html, same)).to.equal(html);
  });

  it('takes out inline style, attributes and elements; reads the body as DOMPurify does (a leading <title> is in the head)', () => {
    const html = '<style>p{}</style><title>on</title><p STYLE="color:red">x<svg><style>a{}</style></svg></p>';
    expect(withoutInlineScriptOrStyle(html, same)).to.equal('<p>x<svg></svg></p>');
    // A frameset replaces the body when nothing before it says otherwise: its handler goes too.
    expect(withoutInlineScriptOrStyle('<div><frameset onload=alert(31)>', same)).to.not.match(/onload/);
  });

  it('keeps the text of markup that clobbers the parsed document or a form by name', () => {
    const clobbering =
      '<img name=body><img name=createTreeWalker>text kept<form><input name=getAttributeNames><input name=removeAttribute></form><svg onload=alert(1)>';
    const out = withoutInlineScriptOrStyle(clobbering, same);
    expect(out).to.contain('text kept');
    expect(out).to.contain('<input name="getAttributeNames">');
    expect(out).to.not.match(/onload/);
  });

  it('leaves markup with no "on" and no "style" untouched without parsing it', () => {
    const html = '<p>Hi <b>there</b><unclosed';
    expect(withoutInlineScriptOrStyle(html, same)).to.equal(html);
  });

  it(`leaves no handler and no inline style in any of the ${xssVectors.length} DOMPurify vectors`, () => {
    for (const { title, payload } of xssVectors) {
      const body = parsed(withoutInlineScriptOrStyle(payload, same));
      const reported = [...body.querySelectorAll('*')].flatMap((el) => [
        ...(el.localName === 'style' ? ['<style>'] : []),
        ...el.getAttributeNames().filter((n) => /^on|^style$/i.test(n)),
      ]);
      expect(reported, title).to.deep.equal([]);
    }
  });
});
