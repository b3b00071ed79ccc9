import { describe, expect, it, vi } from 'vitest';
import { createTabChannel, tabSyncEnabled, type TabTransport } from './tab-channel';

/** A bus that, like BroadcastChannel, delivers to every transport but the sender's. */
function bus() {
  const members = new Set<{ deliver: (data: unknown) => void }>();
  return (): TabTransport => {
    const listeners = new Set<(data: unknown) => void>();
    const me = { deliver: (data: unknown) => listeners.forEach((fn) => fn(structuredClone(data))) };
    members.add(me);
    return {
      post: (data) => members.forEach((m) => m !== me && m.deliver(data)),
      listen(fn) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      close: () => members.delete(me),
    };
  };
}

describe('tab channel', () => {
  it('delivers a message by type to the other tabs, with its sender, never back to itself', () => {
    const transport = bus();
    const a = createTabChannel('alice', transport(), 'A');
    const b = createTabChannel('alice', transport(), 'B');
    const heardByA = vi.fn();
    const heardByB = vi.fn();
    const other = vi.fn();
    a.on('poll-who', heardByA);
    b.on('poll-who', heardByB);
    b.on('poll-bye', other);
    a.post('poll-who', { n: 1 });
    expect(heardByB).toHaveBeenCalledWith({ t: 'poll-who', from: 'A', n: 1 });
    expect(heardByA).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });

  it('ignores what is not a message, and a message claiming to come from this tab', () => {
    const listeners: ((data: unknown) => void)[] = [];
    const raw: TabTransport = { post() {}, listen: (fn) => (listeners.push(fn), () => {}), close() {} };
    const channel = createTabChannel('alice', raw, 'A');
    const heard = vi.fn();
    channel.on('poll-who', heard);
    for (const data of [null, 'poll-who', { t: 'poll-who' }, { t: 1, from: 'B' }, { t: 'poll-who', from: 'A' }])
      listeners.forEach((fn) => fn(data));
    expect(heard).not.toHaveBeenCalled();
    listeners.forEach((fn) => fn({ t: 'poll-who', from: 'B' }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('a post that cannot be sent (a closed channel, a value that cannot be cloned) never throws', () => {
    const failing: TabTransport = {
      post() {
        throw new DOMException('closed', 'InvalidStateError');
      },
      listen: () => () => {},
      close() {},
    };
    expect(() => createTabChannel('alice', failing, 'A').post('poll-who')).not.toThrow();
  });

  it('is on unless the bootstrap says tab_sync: false', () => {
    expect(tabSyncEnabled({})).toBe(true);
    expect(tabSyncEnabled({ tab_sync: true })).toBe(true);
    expect(tabSyncEnabled({ tab_sync: 'no' })).toBe(true);
    expect(tabSyncEnabled({ tab_sync: false })).toBe(false);
  });
});
