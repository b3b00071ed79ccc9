/**
 * PartBoundary and retryableLazy (PartBoundary.tsx) in a real element: a lazy part whose chunk
 * cannot load is said in its place with Retry while the rest of the element, and what was typed in
 * it, stays; Retry loads it again (React.lazy alone keeps the failure for good); a second failure
 * asks for a reload; a quiet part (a nicety) shows nothing. Axe on the error.
 */
import { expect } from '@open-wc/testing';
import { createElement as h, Suspense, useState, type ComponentType } from 'react';
import { defineWidget, type WidgetElement } from '../core/define-widget';
import { PART_FAILED_AGAIN_LINE, PART_FAILED_LINE, PartBoundary, retryableLazy } from './PartBoundary';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, mount, shadow, shadowRequired, typeInto } from '../../tests/helpers/dom';
import { deferred, waitFor, waitForEvent } from '../../tests/helpers/wait';

type Props = Record<string, unknown>;
const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

function Panel() {
  return h('p', { className: 'panel' }, 'The panel');
}

/** An element with a field of its own and, once opened, the lazy part. */
function define(part: ReturnType<typeof retryableLazy<typeof Panel>>, quiet = false): string {
  const tag = `t-part-${Math.random().toString(36).slice(2, 8)}`;
  function Owner() {
    const [open, setOpen] = useState(false);
    return h(
      'div',
      null,
      h('input', { className: 'own', 'aria-label': 'Own field' }),
      h('button', { type: 'button', className: 'open', onClick: () => setOpen(true) }, 'Open'),
      open ? h(PartBoundary, { retry: part.retry, quiet, children: h(Suspense, { fallback: null }, h(part, {})) }) : null,
    );
  }
  defineWidget({ tag, props: {}, load: async () => ({ default: Owner as ComponentType<Props> }) });
  return tag;
}

async function owner(tag: string): Promise<WidgetElement> {
  const host = mount<WidgetElement>(`<${tag}></${tag}>`);
  await host.ready;
  return host;
}

/** Console errors during `run` (the boundary reports what it caught), kept out of the test log. */
async function quietly(run: () => Promise<void>): Promise<unknown[][]> {
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    await run();
  } finally {
    console.error = original;
  }
  return errors;
}

describe('PartBoundary', () => {
  afterEach(() => cleanup());

  it('a part whose chunk cannot load says so in its place with Retry; the element and what was typed stay; Retry loads it', async () => {
    let loads = 0;
    const gate = deferred<{ default: typeof Panel }>();
    const part = retryableLazy(() => {
      loads++;
      return loads === 1 ? Promise.reject(chunkError()) : gate.promise;
    });
    const errors = await quietly(async () => {
      const host = await owner(define(part));
      typeInto(shadowRequired<HTMLInputElement>(host, 'input.own'), 'typed before');
      shadowRequired<HTMLButtonElement>(host, 'button.open').click();
      const note = await waitFor(() => shadow(host, '.tl-part-error'), { message: 'no error in the part’s place' });
      expect(note.getAttribute('role')).to.equal('alert');
      expect(note.querySelector('span')!.textContent).to.equal(PART_FAILED_LINE);
      expect(shadow(host, '[part="error"]'), 'not the element’s own error note').to.equal(null);
      expect(shadowRequired<HTMLInputElement>(host, 'input.own').value).to.equal('typed before');
      await axeCheck(host);
      const retry = [...note.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
      retry.click();
      await waitFor(() => loads === 2, { message: 'Retry did not load the chunk again' });
      gate.resolve({ default: Panel });
      await waitFor(() => shadow(host, '.panel'), { message: 'the part never came after Retry' });
      expect(shadow(host, '.tl-part-error')).to.equal(null);
    });
    expect(errors.some((args) => args.some((a) => a instanceof TypeError))).to.equal(true);
  });

  it('a second failure asks for a reload (some engines keep a failed module fetch for the page’s life)', async () => {
    const part = retryableLazy<typeof Panel>(() => Promise.reject(chunkError()));
    await quietly(async () => {
      const host = await owner(define(part));
      shadowRequired<HTMLButtonElement>(host, 'button.open').click();
      const first = await waitFor(() => shadow(host, '.tl-part-error button'), { message: 'no Retry' });
      expect(first.textContent).to.equal('Retry');
      (first as HTMLButtonElement).click();
      await waitFor(() => shadow(host, '.tl-part-error span')?.textContent === PART_FAILED_AGAIN_LINE, {
        message: 'the second failure did not ask for a reload',
      });
      expect(shadowRequired(host, '.tl-part-error button').textContent).to.equal('Reload');
      await axeCheck(host);
    });
  });

  it('a quiet part (a preview, a tutorial) that cannot load shows nothing, and the element goes on', async () => {
    const part = retryableLazy<typeof Panel>(() => Promise.reject(chunkError()));
    const errors = await quietly(async () => {
      const host = await owner(define(part, true));
      const reported = waitForEvent(host, 'tl-widget-error');
      shadowRequired<HTMLButtonElement>(host, 'button.open').click();
      await reported;
      expect(shadow(host, 'input.own'), 'the element went on').to.exist;
      expect(shadow(host, '.panel')).to.equal(null);
      expect(shadow(host, '.tl-part-error')).to.equal(null);
      expect(shadow(host, '[part="error"]')).to.equal(null);
    });
    expect(errors.some((args) => args.some((a) => a instanceof TypeError))).to.equal(true);
  });
});
