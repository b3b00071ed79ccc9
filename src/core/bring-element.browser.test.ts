/**
 * bringElement (src/core/bring-element.ts): a request whose answerer the page lacks brings it, once,
 * and never a second one when the page has it (loaded or not) or something already answers.
 */
import { expect } from '@open-wc/testing';
import { bringElement } from './bring-element';
import { Requests } from './events';
import { answer } from './answer';
import { captureConsole, cleanup, mount } from '../../tests/helpers/dom';

const TAG = 'tl-test-answerer';
let loads = 0;
const load = () => {
  loads++;
  return Promise.resolve();
};

afterEach(() => {
  cleanup();
  for (const el of document.querySelectorAll(TAG)) el.remove();
  loads = 0;
});

describe('bringElement', () => {
  it('appends the tag to <body> with its attributes, and loads its registration', () => {
    bringElement(TAG, Requests.askFormOpen, load, { trigger: 'none' });
    const brought = document.querySelectorAll(TAG);
    expect(brought).to.have.length(1);
    expect(brought[0]!.parentElement).to.equal(document.body);
    expect(brought[0]!.getAttribute('trigger')).to.equal('none');
    expect(loads).to.equal(1);
    bringElement(TAG, Requests.askFormOpen, load); // a second click: still one element
    expect(document.querySelectorAll(TAG)).to.have.length(1);
  });

  it('a page that has the tag (its code not loaded yet) gets no second one, only the load', () => {
    mount(`<${TAG}></${TAG}>`);
    bringElement(TAG, Requests.askFormOpen, load);
    expect(document.querySelectorAll(TAG)).to.have.length(1);
    expect(loads).to.equal(1);
  });

  it('brings nothing when the request is answered already (say, by an element inside a shadow root)', () => {
    const stop = answer(Requests.askFormOpen, () => {});
    try {
      bringElement(TAG, Requests.askFormOpen, load);
      expect(document.querySelectorAll(TAG)).to.have.length(0);
      expect(loads).to.equal(0);
    } finally {
      stop();
    }
  });

  it('a registration that fails to load is reported, not thrown', async () => {
    const { calls } = await captureConsole('error', async () => {
      bringElement(TAG, Requests.askFormOpen, () => Promise.reject(new Error('offline')));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(String(calls[0]?.[0])).to.equal(`<${TAG}> could not load`);
  });
});
