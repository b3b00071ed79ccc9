/**
 * The step before DOMPurify that keeps a page's CSP reports quiet: inline handler attributes are
 * taken out in a detached frame's realm. Structure, text and other attributes must come through
 * as they were; the e2e tests check that no report is raised (tests/e2e/csp-reports.spec.ts).
 */
import { expect } from '@open-wc/testing';
import { withoutInlineHandlers } from './handler-free-html';
import { xssVectors } from '../../tests/helpers/xss';

const same = (html: string) => html;
/** Parsed as DOMPurify parses what it is given next (DOMParser, markup forced into the body). */
const parsed = (html: string) => new DOMParser().parseFromString(`<remove></remove>${html}`, 'text/html').body;

describe('withoutInlineHandlers', () => {
  it('takes out every on* attribute, in HTML, SVG and template content, in any case', () => {
    const out = withoutInlineHandlers(
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
    expect(withoutInlineHandlers(html, same)).to.equal(html);
  });

  it('keeps a leading <style> or <title> where DOMPurify will see it (in the body)', () => {
    expect(withoutInlineHandlers('<style>p{}</style><title>on</title><p>x</p>', same)).to.equal(
      '<style>p{}</style><title>on</title><p>x</p>',
    );
  });

  it('leaves markup with no "on" untouched without parsing it', () => {
    const html = '<p>Hi <b>there</b><unclosed';
    expect(withoutInlineHandlers(html, same)).to.equal(html);
  });

  it(`leaves no handler in any of the ${xssVectors.length} DOMPurify vectors`, () => {
    for (const { title, payload } of xssVectors) {
      const body = parsed(withoutInlineHandlers(payload, same));
      const handlers = [...body.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((n) => /^on/i.test(n)));
      expect(handlers, title).to.deep.equal([]);
    }
  });
});
