import { useEffect, useId, useRef } from 'react';
import { resolveDialog } from './confirm-queue';
import { Dialog } from './Dialog';
import type { DialogRequest } from '../models/dialog-queue';
import { usePartStyles } from './use-part-styles';
import partCss from './confirm-dialog.css';

/** The page's one confirm or alert, in the shadow root of the element that asked (ConfirmQueue.tsx). */
export default function ConfirmDialog({ item: mine }: { item: DialogRequest }) {
  usePartStyles('confirm-dialog', partCss);
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Alerts focus OK (the spec's default); confirms focus the safe choice.
    (mine.kind === 'alert' ? okRef.current : cancelRef.current)?.focus();
  }, [mine]);

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
