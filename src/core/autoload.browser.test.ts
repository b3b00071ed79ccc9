/**
 * What both loaders do (src/core/autoload.ts): a tag's registration is imported the first time the
 * tag is in the page, once; a tag never in the page is never imported; an import that fails (offline,
 * a failed deploy) is tried again when the tag next appears. Test tags stand in for the elements.
 */
import { expect } from '@open-wc/testing';
import { autoload } from './autoload';
import { captureConsole, cleanup, mount } from '../../tests/helpers/dom';
import { waitFor } from '../../tests/helpers/wait';

describe('autoload', () => {
  afterEach(() => cleanup());

  it('imports a tag present at start and one added later, each once, and never a tag not in the page', async () => {
    const [present, later, absent] = ['tl-autoload-present', 'tl-autoload-later', 'tl-autoload-absent'];
    mount(`<${present}></${present}>`);
    const asked: string[] = [];
    autoload([present, later, absent], (tag) => {
      asked.push(tag);
      customElements.define(tag, class extends HTMLElement {});
      return Promise.resolve();
    });
    expect(asked).to.deep.equal([present]);

    mount(`<div><${later}></${later}></div>`);
    await waitFor(() => asked.includes(later));
    // Another of a tag already asked for, and a mutation of anything else: nothing more.
    mount(`<${present}></${present}><p>text</p>`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).to.deep.equal([present, later]);
  });

  it('an import that fails is said in the console and tried again when the tag appears again', async () => {
    const tag = 'tl-autoload-flaky';
    let attempts = 0;
    const { calls } = await captureConsole('error', async () => {
      mount(`<${tag}></${tag}>`);
      autoload([tag], () => {
        attempts++;
        if (attempts === 1) return Promise.reject(new Error('offline'));
        customElements.define(tag, class extends HTMLElement {});
        return Promise.resolve();
      });
      await waitFor(() => attempts === 1);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the rejection's handler has run
    });
    expect(calls.map((c) => c[0])).to.deep.equal([tag]);
    expect(customElements.get(tag)).to.equal(undefined);

    mount(`<${tag}></${tag}>`);
    await waitFor(() => customElements.get(tag) !== undefined);
    expect(attempts).to.equal(2);
  });
});
