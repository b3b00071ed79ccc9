import { useEffect, useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../core/widget-context';
import { current } from '../models/dialog-queue';
import { $dialogQueue, dropDialogsOf, requestDialog, resolveDialog } from './confirm-queue';
import { Dialog } from './Dialog';
import type { DialogInput } from '../models/dialog-queue';

/** Queues a confirm or alert owned by the calling element. */
export function useConfirm(): (input: DialogInput) => Promise<boolean> {
  const { instanceId } = useWidget();
  return (input) => requestDialog(instanceId, input);
}

/**
 * Rendered in every element's root: shows the head of the page's queue when
 * this element owns it, so the dialog lives in the asker's shadow root (its
 * styles, its focus return) while the page still sees one dialog at a time.
 */
export function ConfirmOutlet() {
  const { instanceId } = useWidget();
  const queue = useStore($dialogQueue);
  const head = current(queue);
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => () => dropDialogsOf(instanceId), [instanceId]);

  const mine = head && head.owner === instanceId ? head : undefined;
  useEffect(() => {
    if (!mine) return;
    // Alerts focus OK (the spec's default); confirms focus the safe choice.
    (mine.kind === 'alert' ? okRef.current : cancelRef.current)?.focus();
  }, [mine]);

  if (!mine) return null;
  const answer = (ok: boolean) => resolveDialog(mine.id, ok);
  return (
    <Dialog
      open
      role="alertdialog"
      className="tl-confirm"
      labelledBy={`${id}-msg`}
      describedBy={mine.note ? `${id}-note` : undefined}
      onCancel={() => answer(false)}
      returnFocus={mine.returnFocus}
    >
      <div
        className="tl-confirm__body"
        onKeyDown={(event) => {
          // Keep Tab cycling between the buttons (the spec handles Tab in dialogs).
          if (event.key !== 'Tab') return;
          const buttons = [cancelRef.current, okRef.current].filter((b): b is HTMLButtonElement => b !== null);
          const root = event.currentTarget.getRootNode() as ShadowRoot;
          const index = buttons.indexOf(root.activeElement as HTMLButtonElement);
          const next = buttons[(index + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length];
          event.preventDefault();
          next?.focus();
        }}
      >
        <p id={`${id}-msg`} className="tl-confirm__message">
          {mine.message}
        </p>
        {mine.note && (
          <p id={`${id}-note`} className="tl-confirm__note">
            {mine.note}
          </p>
        )}
        <div className="tl-confirm__buttons">
          {mine.kind === 'confirm' && (
            <button ref={cancelRef} type="button" className="tl-button is-secondary" onClick={() => answer(false)}>
              {mine.cancelText}
            </button>
          )}
          <button ref={okRef} type="button" className={`tl-button${mine.danger ? ' is-danger' : ''}`} onClick={() => answer(true)}>
            {mine.okText}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
