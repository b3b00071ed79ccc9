import { Suspense, useEffect } from 'react';
import { PartBoundary, retryableLazy } from './PartBoundary';
import { useStore } from '@nanostores/react';
import { useWidget } from '../core/widget-context';
import { current } from '../models/dialog-queue';
import { $dialogQueue, dropDialogsOf, requestDialog } from './confirm-queue';
import type { DialogInput } from '../models/dialog-queue';

// The dialog itself is its own chunk: every element renders this outlet, few pages ever confirm.
const ConfirmDialog = retryableLazy(() => import('./ConfirmDialog'));

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

  useEffect(() => () => dropDialogsOf(instanceId), [instanceId]);

  const mine = head && head.owner === instanceId ? head : undefined;
  if (!mine) return null;
  return (
    // Its code not loading (offline) is said in its place with a Retry; the question waits for it.
    <PartBoundary retry={ConfirmDialog.retry}>
      <Suspense fallback={null}>
        <ConfirmDialog item={mine} />
      </Suspense>
    </PartBoundary>
  );
}
