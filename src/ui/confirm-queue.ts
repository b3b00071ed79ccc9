/** The page-wide confirm/alert queue store (one dialog at a time, the rest queued). */
import { atom } from 'nanostores';
import { DEFAULT_CANCEL, DEFAULT_OK, enqueue, remove, removeOwner, type DialogInput, type DialogRequest } from '../models/dialog-queue';

export const $dialogQueue = atom<DialogRequest[]>([]);
const resolvers = new Map<number, (ok: boolean) => void>();
let nextId = 1;

/** Queues a dialog shown by the element `owner`; resolves true for OK, false for cancel/dismiss. */
export function requestDialog(owner: string, input: DialogInput): Promise<boolean> {
  const request: DialogRequest = { okText: DEFAULT_OK, cancelText: DEFAULT_CANCEL, ...input, id: nextId++, owner };
  return new Promise<boolean>((resolve) => {
    resolvers.set(request.id, resolve);
    $dialogQueue.set(enqueue($dialogQueue.get(), request));
  });
}

export function resolveDialog(id: number, ok: boolean): void {
  resolvers.get(id)?.(ok);
  resolvers.delete(id);
  $dialogQueue.set(remove($dialogQueue.get(), id));
}

/** An element that goes away cancels what it had queued. */
export function dropDialogsOf(owner: string): void {
  const { queue, dropped } = removeOwner($dialogQueue.get(), owner);
  if (dropped.length === 0) return;
  for (const r of dropped) {
    resolvers.get(r.id)?.(false);
    resolvers.delete(r.id);
  }
  $dialogQueue.set(queue);
}
