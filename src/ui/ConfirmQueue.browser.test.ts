/**
 * The page-wide ConfirmQueue (src/ui/ConfirmQueue.tsx): one dialog at a time, the rest queued, the
 * safe choice focused. Each asker is an element of its own tag, defined here.
 */
import { expect } from '@open-wc/testing';
import { createElement as h, useEffect, useState, type ComponentType } from 'react';
import { defineWidget, type WidgetElement } from '../core/define-widget';
import { useWidget } from '../core/widget-context';
import { useConfirm } from './ConfirmQueue';
import { $dialogQueue, resolveDialog } from './confirm-queue';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, deepQueryAll, mount, shadow, shadowRequired, textOf } from '../../tests/helpers/dom';
import { waitFor } from '../../tests/helpers/wait';

type Props = Record<string, unknown>;
type TestElement = WidgetElement & Record<string, unknown>;

describe('ConfirmQueue', () => {
  const answers: { message: string; ok: boolean }[] = [];
  let askerTag = '';

  function Asker({ label }: Props) {
    const confirm = useConfirm();
    const { host } = useWidget();
    const [state, setState] = useState('idle');
    // `ready` resolves at the first commit, before passive effects (and StrictMode's simulated
    // unmount/remount of them) have run; this marks when they have.
    useEffect(() => {
      host.dataset.effects = 'on';
    }, [host]);
    const message = `Really ${String(label)}?`;
    return h(
      'div',
      null,
      h(
        'button',
        {
          type: 'button',
          className: 'ask',
          onClick: async () => {
            setState('asking');
            const ok = await confirm({ kind: 'confirm', message, okText: 'Ok', cancelText: 'Nevermind' });
            answers.push({ message, ok });
            setState(ok ? 'confirmed' : 'cancelled');
          },
        },
        `Ask ${String(label)}`,
      ),
      h('span', { className: 'state' }, state),
    );
  }

  before(() => {
    askerTag = `t-asker-${Math.random().toString(36).slice(2, 8)}`;
    defineWidget({ tag: askerTag, props: { label: 'string' }, load: async () => ({ default: Asker as ComponentType<Props> }) });
  });
  beforeEach(() => {
    answers.length = 0;
  });
  afterEach(async () => {
    // Answer what is still queued before the askers go away: removing two askers at once while
    // one of them has a queued dialog makes the other try showModal() on a detached <dialog>
    // (reported to the runtime owner), which is not what these tests are about.
    for (const request of $dialogQueue.get()) resolveDialog(request.id, false);
    cleanup();
    await waitFor(() => $dialogQueue.get().length === 0, { message: 'queue empty after cleanup' });
  });

  const openDialogs = () => deepQueryAll<HTMLDialogElement>(document, 'dialog').filter((d) => d.open);

  async function twoAskers() {
    const container = mount(`<div><${askerTag} label="first"></${askerTag}><${askerTag} label="second"></${askerTag}></div>`);
    const [first, second] = [...container.querySelectorAll<TestElement>(askerTag)] as [TestElement, TestElement];
    await Promise.all([first.ready, second.ready]);
    await waitFor(() => first.dataset.effects === 'on' && second.dataset.effects === 'on', { message: 'effects mounted' });
    shadowRequired<HTMLButtonElement>(first, 'button.ask').click();
    shadowRequired<HTMLButtonElement>(second, 'button.ask').click();
    await waitFor(() => $dialogQueue.get().length === 2, { message: 'two requests queued' });
    await waitFor(() => openDialogs().length === 1, { message: 'first dialog open' });
    return { first, second };
  }

  it('shows one dialog at a time and the next once the first is answered', async () => {
    const { first, second } = await twoAskers();
    expect(openDialogs()).to.have.length(1);
    const dialog = openDialogs()[0]!;
    expect(first.shadowRoot!.contains(dialog), "the dialog lives in the asker's shadow root").to.equal(true);
    expect(textOf(dialog)).to.contain('Really first?');
    expect(dialog.getAttribute('role')).to.equal('alertdialog');
    // The second is queued, not shown.
    expect(shadow(second, 'dialog')).to.equal(null);

    const buttons = [...dialog.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['Nevermind', 'Ok']);
    buttons[1]!.click();

    await waitFor(() => answers.length === 1, { message: 'first answered' });
    expect(answers[0]).to.deep.equal({ message: 'Really first?', ok: true });
    const next = await waitFor(
      () => {
        const open = openDialogs();
        return open.length === 1 && second.shadowRoot!.contains(open[0]!) ? open[0] : null;
      },
      { message: 'second dialog shown' },
    );
    expect(textOf(next)).to.contain('Really second?');
    expect(shadow(first, 'dialog')).to.equal(null);
    shadowRequired<HTMLButtonElement>(second, 'dialog button').click(); // Nevermind
    await waitFor(() => answers.length === 2, { message: 'second answered' });
    expect(answers[1]).to.deep.equal({ message: 'Really second?', ok: false });
    expect(openDialogs()).to.have.length(0);
    expect(shadow(second, '.state')?.textContent).to.equal('cancelled');
  });

  it('focuses the safe choice, and Escape cancels', async () => {
    const { first, second } = await twoAskers();
    const dialog = openDialogs()[0]!;
    await waitFor(() => deepActiveElement()?.textContent === 'Nevermind', { message: 'cancel button focused' });
    expect(first.shadowRoot!.contains(deepActiveElement())).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => answers.length === 1, { message: 'Escape answered the first dialog' });
    expect(answers[0]).to.deep.equal({ message: 'Really first?', ok: false });
    expect(dialog.isConnected && dialog.open).to.equal(false);
    await waitFor(() => second.shadowRoot!.querySelector('dialog[open]'), { message: 'second dialog after Escape' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => answers.length === 2, { message: 'Escape answered the second dialog' });
    expect(answers[1]!.ok).to.equal(false);
  });

  it('an open dialog has no axe violations', async () => {
    const { first } = await twoAskers();
    await axeCheck(first);
  });
});
