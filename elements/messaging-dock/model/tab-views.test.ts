import { describe, expect, it } from 'vitest';
import { anotherTabVisible, combineViews, readView, VIEW_STALE_MS, type TabView } from './tab-views';

const view = (v: Partial<TabView> = {}): TabView => ({ inboxOpen: false, conversationOpen: false, visible: false, ...v });

describe('tab views', () => {
  it('polling follows what any tab shows; a view not repeated for VIEW_STALE_MS stops counting', () => {
    const now = 100_000;
    expect(combineViews(view(), [], now)).toEqual(view());
    expect(combineViews(view({ visible: true }), [{ view: view({ conversationOpen: true }), at: now - 1000 }], now)).toEqual(
      view({ visible: true, conversationOpen: true }),
    );
    expect(combineViews(view(), [{ view: view({ inboxOpen: true, visible: true }), at: now - VIEW_STALE_MS }], now)).toEqual(view());
  });

  it('a hidden leader hands over only when another tab is in sight', () => {
    const now = 100_000;
    expect(anotherTabVisible([{ view: view({ visible: false }), at: now }], now)).toBe(false);
    expect(anotherTabVisible([{ view: view({ visible: true }), at: now }], now)).toBe(true);
    expect(anotherTabVisible([{ view: view({ visible: true }), at: now - VIEW_STALE_MS }], now)).toBe(false);
  });

  it('reads only a well-formed view', () => {
    expect(readView({ inboxOpen: true, conversationOpen: false, visible: true })).toEqual(view({ inboxOpen: true, visible: true }));
    expect(readView({ inboxOpen: 'yes', conversationOpen: false, visible: true })).toBeNull();
    expect(readView(null)).toBeNull();
    expect(readView([true, true, true])).toBeNull();
  });
});
