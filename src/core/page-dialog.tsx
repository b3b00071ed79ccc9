/**
 * Dialogs page code asks for (a marked page button's failure alert), when no element owns them:
 * one host at the end of <body>, made on first use, with the same outlet and styles every element
 * renders its own confirms in, and in the same page-wide queue (one dialog at a time).
 */
import { createRoot } from 'react-dom/client';
import { announce } from './announce';
import { adoptStyles } from './styles';
import { WidgetContext, type WidgetContextValue } from './widget-context';
import { ConfirmOutlet } from '../ui/ConfirmQueue';
import { requestDialog } from '../ui/confirm-queue';
import { createLiveVoice } from '../ui/live-voice';
import type { DialogInput } from '../models/dialog-queue';

const PAGE_OWNER = 'tl-page';
let mounted = false;

export function pageDialog(input: DialogInput): Promise<boolean> {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    host.setAttribute('data-tl-page-dialogs', '');
    document.body.append(host);
    const shadowRoot = host.attachShadow({ mode: 'open' });
    adoptStyles(shadowRoot, PAGE_OWNER, undefined);
    const context: WidgetContextValue = {
      host,
      shadowRoot,
      tag: PAGE_OWNER,
      instanceId: PAGE_OWNER,
      announce: (name, detail) => announce(document, name, detail),
      voice: createLiveVoice(),
    };
    createRoot(shadowRoot, { identifierPrefix: `${PAGE_OWNER}-` }).render(
      <WidgetContext.Provider value={context}>
        <ConfirmOutlet />
      </WidgetContext.Provider>,
    );
  }
  return requestDialog(PAGE_OWNER, input);
}
