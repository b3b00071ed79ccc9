/**
 * The package's one Trusted Types policy and the sanitiser's three outputs. Where the browser has
 * Trusted Types (Chromium, WebKit), a sink gets a TrustedHTML signed by `tumblelog-elements`;
 * elsewhere (Firefox ESR) the same sanitised string. The policy signs nothing outside the sanitiser.
 */
import { expect } from '@open-wc/testing';
import { createSanitizer, TEXT_TAGS } from './sanitize';
import { TRUSTED_TYPES_POLICY_NAME, trustedScriptUrl, trustedTypesPolicy } from './trusted-types';

interface Factory {
  isHTML(value: unknown): boolean;
  isScriptURL(value: unknown): boolean;
}
const factory = (window as unknown as { trustedTypes?: Factory }).trustedTypes;

const sanitize = createSanitizer<undefined>({ tags: TEXT_TAGS, attributes: ['href'], links: (href) => href });
const hostile = '<p onclick="alert(1)">Hello <b>there</b><img src=x onerror=alert(2)><script>alert(3)</script></p>';

describe('Trusted Types: one policy, signing only the sanitiser', () => {
  it(`signs the sanitiser's output for a sink where the browser has Trusted Types (${factory ? 'it has' : 'it has not'})`, () => {
    const html = sanitize.trusted(hostile, undefined);
    expect(String(html)).to.equal('<p>Hello <b>there</b></p>');
    if (factory) {
      expect(factory.isHTML(html), 'a TrustedHTML').to.equal(true);
      expect(trustedTypesPolicy(), 'the policy').to.not.equal(null);
    } else {
      expect(typeof html).to.equal('string');
      expect(trustedTypesPolicy()).to.equal(null);
    }
    // Nothing left is '' (never a signed empty value a caller would render as an empty box).
    expect(sanitize.trusted('<script>alert(1)</script>', undefined)).to.equal('');
  });

  it('gives nodes and strings too, never signed', () => {
    const fragment = sanitize.fragment(hostile, undefined);
    expect(fragment).to.be.instanceOf(DocumentFragment);
    expect(fragment.querySelectorAll('script, img, [onclick]').length).to.equal(0);
    expect(fragment.textContent).to.equal('Hello there');
    const string = sanitize.string(hostile, undefined);
    expect(typeof string).to.equal('string');
    expect(string).to.equal('<p>Hello <b>there</b></p>');
  });

  it('refuses to sign anything outside the sanitiser, and is created once for the page', function () {
    const policy = trustedTypesPolicy();
    if (!policy || !factory) this.skip();
    expect(() => policy!.createHTML('<img src=x onerror=alert(1)>')).to.throw(TypeError, TRUSTED_TYPES_POLICY_NAME);
    expect(() => policy!.createScriptURL('https://evil.example/x.js')).to.throw(TypeError);
    // A second copy of the package on the page would find the same policy on the global symbol.
    const shared = (globalThis as unknown as Record<symbol, { policy: unknown }>)[Symbol.for('tumblelog-elements.trusted-types')];
    expect(shared?.policy).to.equal(policy);
  });

  it('signs an http(s) script address and refuses any other', () => {
    const url = trustedScriptUrl('/static/ads.js');
    expect(String(url)).to.equal(new URL('/static/ads.js', document.baseURI).href);
    if (factory) expect(factory.isScriptURL(url)).to.equal(true);
    for (const bad of ['javascript:alert(1)', 'data:text/javascript,alert(1)', 'blob:https://x/y', 'http://[bad'])
      expect(trustedScriptUrl(bad), bad).to.equal(null);
  });
});
