import { describe, expect, it } from 'vitest';
import { current, enqueue, remove, removeOwner, type DialogRequest } from './dialog-queue';

const req = (id: number, owner = 'a'): DialogRequest => ({
  id,
  owner,
  kind: 'confirm',
  message: `m${id}`,
  okText: 'OK',
  cancelText: 'Cancel',
});

describe('dialog queue', () => {
  it('shows the oldest request, one at a time', () => {
    let q = enqueue([], req(1));
    q = enqueue(q, req(2));
    expect(current(q)?.id).toBe(1);
    q = remove(q, 1);
    expect(current(q)?.id).toBe(2);
    q = remove(q, 2);
    expect(current(q)).toBeUndefined();
  });
  it('drops everything an owner queued', () => {
    const q = [req(1, 'a'), req(2, 'b'), req(3, 'a')];
    const { queue, dropped } = removeOwner(q, 'a');
    expect(queue.map((r) => r.id)).toEqual([2]);
    expect(dropped.map((r) => r.id)).toEqual([1, 3]);
  });
});
