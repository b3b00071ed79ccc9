/** The test helpers themselves: they must be able to fail. */
import { expect } from '@open-wc/testing';
import { axeCheck } from './axe';
import { cleanup, deepQuery, deepQueryAll, mount, shadow, shadowAll } from './dom';
import { describeNodesOf } from './node-diffs';
import { waitFor } from './wait';
import { trapXss, xssVectors } from './xss';

afterEach(() => cleanup());

function hostWithShadow(html: string): HTMLElement {
  const host = mount('<div class="host"></div>');
  host.attachShadow({ mode: 'open' }).innerHTML = html;
  return host;
}

describe('helpers', () => {
  describe('describeNodesOf', () => {
    it('turns the DOM nodes a failed equal keeps for its diff into short descriptions', () => {
      const host = hostWithShadow('<input name="title" part="field" aria-label="Title">');
      const field = host.shadowRoot!.querySelector('input')!;
      let error: (Error & { actual?: unknown; expected?: unknown }) | undefined;
      try {
        expect(document.body).to.equal(field);
      } catch (caught) {
        error = caught as typeof error;
      }
      expect(error, 'the assertion failed').to.exist;
      describeNodesOf(error!);
      expect(error!.actual).to.equal('<body>');
      expect(error!.expected).to.equal('<input name="title" part="field" aria-label="Title"> (in the shadow root of <div>)');
    });

    it('leaves other values alone', () => {
      const error = Object.assign(new Error('x'), { actual: 1, expected: 'two' });
      describeNodesOf(error);
      expect([error.actual, error.expected]).to.deep.equal([1, 'two']);
    });
  });

  describe('axeCheck', () => {
    it('passes on accessible shadow content', async () => {
      const host = hostWithShadow('<button type="button">Follow</button><img src="data:," alt="Avatar">');
      await axeCheck(host);
    });

    it('finds violations inside an open shadow root and lists them readably', async () => {
      const host = hostWithShadow('<button type="button"></button><img src="data:,">');
      let message = '';
      try {
        await axeCheck(host);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain('button-name');
      expect(message).to.contain('image-alt');
      expect(message).to.match(/axe found 2 violation/);
    });
  });

  describe('shadow queries', () => {
    it('query one level and through nested shadow roots', () => {
      const outer = hostWithShadow('<p class="a">one</p><div class="inner"></div>');
      const inner = shadow(outer, '.inner')!;
      inner.attachShadow({ mode: 'open' }).innerHTML = '<p class="a">two</p>';
      expect(shadowAll(outer, 'p.a')).to.have.length(1);
      expect(deepQueryAll(document, 'p.a').map((p) => p.textContent)).to.deep.equal(['one', 'two']);
      expect(deepQuery(document, 'p.missing')).to.equal(null);
      expect(() => shadow(mount('<span></span>'), 'p')).to.throw(/no open shadow root/);
    });
  });

  describe('waitFor', () => {
    it('returns the first truthy value', async () => {
      let n = 0;
      const value = await waitFor(() => (++n >= 3 ? `done after ${n}` : false));
      expect(value).to.equal('done after 3');
    });

    it('times out with the message and the last error', async () => {
      let message = '';
      try {
        await waitFor(
          () => {
            throw new Error('not yet ready');
          },
          { timeout: 50, message: 'the impossible' },
        );
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain('the impossible');
      expect(message).to.contain('not yet ready');
    });
  });

  describe('xssVectors', () => {
    it('are the shared DOMPurify payloads', () => {
      expect(xssVectors.length).to.be.greaterThan(100);
      for (const v of xssVectors) {
        expect(v.title).to.be.a('string');
        expect(v.payload).to.be.a('string');
      }
      expect(xssVectors.some((v) => v.payload.includes('javascript:'))).to.equal(true);
    });

    it('trapXss records alert() calls and restores them', () => {
      const original = window.alert;
      const trap = trapXss();
      window.alert('x');
      expect(trap.ran()).to.deep.equal(['alert(x)']);
      trap.restore();
      expect(window.alert).to.equal(original);
    });
  });
});
