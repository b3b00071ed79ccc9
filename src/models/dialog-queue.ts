/**
 * The page's confirm/alert queue as pure logic: one dialog shown at a time,
 * the rest wait in order. No DOM, no React.
 */
export interface DialogRequest {
  id: number;
  /** The element instance that asked; only it renders the dialog. */
  owner: string;
  kind: 'confirm' | 'alert';
  message: string;
  note?: string;
  okText: string;
  cancelText: string;
  /** Style the OK button as destructive. */
  danger?: boolean;
  /**
   * Where focus goes when the dialog closes; by default back to where it was when it opened (the
   * button that asked). An empty-answer alert sends the blogger to the field to fill instead.
   */
  returnFocus?: FocusTarget;
}

/** Something focus can go to (an element; typed by shape, so this module stays free of the DOM). */
export interface FocusTarget {
  focus(options?: { preventScroll?: boolean }): void;
  readonly isConnected?: boolean;
}

export type DialogInput = Omit<DialogRequest, 'id' | 'owner' | 'okText' | 'cancelText'> &
  Partial<Pick<DialogRequest, 'okText' | 'cancelText'>>;

/** The spec's default buttons: OK and Cancel. */
export const DEFAULT_OK = 'OK';
export const DEFAULT_CANCEL = 'Cancel';

export function enqueue(queue: readonly DialogRequest[], request: DialogRequest): DialogRequest[] {
  return [...queue, request];
}

export function remove(queue: readonly DialogRequest[], id: number): DialogRequest[] {
  return queue.filter((r) => r.id !== id);
}

export function removeOwner(queue: readonly DialogRequest[], owner: string): { queue: DialogRequest[]; dropped: DialogRequest[] } {
  return { queue: queue.filter((r) => r.owner !== owner), dropped: queue.filter((r) => r.owner === owner) };
}

/** The dialog on screen: always the oldest request. */
export function current(queue: readonly DialogRequest[]): DialogRequest | undefined {
  return queue[0];
}
