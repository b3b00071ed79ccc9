/**
 * useLazyPart (use-lazy-part.ts) in a real element: a part loads when first needed, what asked
 * for it keeps the focus meanwhile, a part already in renders in the very commit that asks for it
 * (React.lazy would show its fallback for a commit first), and a part that cannot load when needed
 * is the owner's to show, with a Retry that loads it again.
 */
import { expect } from '@open-wc/testing';
import { createElement as h, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { defineWidget, type WidgetElement } from '../../src/core/define-widget';
import { lazyPart, type LazyPart } from './lazy-part';
import { useLazyPart } from './use-lazy-part';
import { cleanup, deepActiveElement, mount, shadow, shadowRequired } from '../../tests/helpers/dom';
import { deferred, waitFor } from '../../tests/helpers/wait';

type Props = Record<string, unknown>;
interface PanelModule {
  Panel: ComponentType;
}

/** The part's component: takes the focus as it mounts, like the dock's inbox and windows. */
function Panel() {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return h('input', { ref, className: 'panel', 'aria-label': 'Panel' });
}

/** Each commit while open: whether the panel was in it. */
const commits: boolean[] = [];

function ownerOf(part: LazyPart<PanelModule>) {
  return function Owner() {
    const [open, setOpen] = useState(false);
    const { code, failures, retrying, retry } = useLazyPart(part, open);
    useLayoutEffect(() => {
      if (open) commits.push(Boolean(code));
    });
    return h(
      'div',
      null,
      h('button', { type: 'button', className: 'open', onClick: () => setOpen(true) }, 'Open'),
      open && code ? h(code.Panel) : null,
      failures > 0 ? h('button', { type: 'button', className: 'retry', onClick: retry, disabled: retrying }, `Retry ${failures}`) : null,
    );
  };
}

function define(part: LazyPart<PanelModule>): string {
  const tag = `t-lazy-${Math.random().toString(36).slice(2, 8)}`;
  defineWidget({ tag, props: {}, load: async () => ({ default: ownerOf(part) as ComponentType<Props> }) });
  return tag;
}

async function owner(tag: string): Promise<WidgetElement> {
  const host = mount<WidgetElement>(`<${tag}></${tag}>`);
  await host.ready;
  return host;
}

describe('useLazyPart', () => {
  beforeEach(() => {
    commits.length = 0;
  });
  afterEach(() => cleanup());

  it('loads the part when first needed; what asked keeps the focus until the part is in and takes it', async () => {
    const gate = deferred<PanelModule>();
    let imports = 0;
    const part = lazyPart(() => {
      imports++;
      return gate.promise;
    });
    const host = await owner(define(part));
    expect(imports, 'not needed yet: not loaded').to.equal(0);
    const button = shadowRequired<HTMLButtonElement>(host, 'button.open');
    button.focus();
    button.click();
    await waitFor(() => imports === 1, { message: 'the part was not asked for' });
    await waitFor(() => commits.length > 0, { message: 'no commit after the click' });
    expect(shadow(host, '.panel') === null, 'no panel before its code').to.equal(true);
    expect(deepActiveElement() === button, 'the button keeps the focus meanwhile').to.equal(true);
    gate.resolve({ Panel });
    const panel = await waitFor(() => shadow<HTMLInputElement>(host, '.panel'), { message: 'the panel never came' });
    await waitFor(() => deepActiveElement() === panel, { message: 'the panel did not take the focus' });
    expect(commits[0], 'the first commit had no panel (its code was on its way)').to.equal(false);
    expect(imports).to.equal(1);
  });

  it('a part already in renders in the commit that asks for it: no commit without it', async () => {
    const part = lazyPart(() => Promise.resolve({ Panel }));
    await part.load();
    const host = await owner(define(part));
    shadowRequired<HTMLButtonElement>(host, 'button.open').click();
    await waitFor(() => shadow(host, '.panel'), { message: 'the panel never came' });
    expect(commits, 'every commit while open had the panel').to.deep.equal(commits.map(() => true));
    expect(commits.length).to.be.greaterThan(0);
  });

  it('a part that cannot load when needed is the owner’s to show (the element stays), and Retry loads it again', async () => {
    let imports = 0;
    const gate = deferred<PanelModule>();
    const part = lazyPart<PanelModule>(() => {
      imports++;
      return imports === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : gate.promise;
    });
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const host = await owner(define(part));
      shadowRequired<HTMLButtonElement>(host, 'button.open').click();
      const retry = await waitFor(() => shadow<HTMLButtonElement>(host, 'button.retry'), { message: 'the failure was not the owner’s' });
      expect(retry.textContent).to.equal('Retry 1');
      expect(shadow(host, '[part="error"]'), 'not the element’s error note').to.equal(null);
      retry.click();
      await waitFor(() => imports === 2 && shadow<HTMLButtonElement>(host, 'button.retry')?.disabled === true, {
        message: 'Retry did not load again (retrying)',
      });
      gate.resolve({ Panel });
      await waitFor(() => shadow(host, '.panel'), { message: 'the panel never came after Retry' });
      expect(shadow(host, 'button.retry'), 'the failure is gone once the part is in').to.equal(null);
    } finally {
      console.error = original;
    }
    expect(errors.some((args) => args.some((a) => a instanceof TypeError && /dynamically imported/.test(a.message)))).to.equal(true);
  });
});
