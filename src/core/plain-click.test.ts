import { describe, expect, it } from 'vitest';
import { isPlainClick } from './plain-click';

const click = (init: Partial<MouseEvent> = {}) =>
  ({ button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false, ...init }) as MouseEvent;

describe('isPlainClick', () => {
  it('takes the main button with no modifier, not yet handled', () => {
    expect(isPlainClick(click())).toBe(true);
  });

  it('leaves new-tab, new-window and download clicks, other buttons and handled clicks to the browser', () => {
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ])
      expect(isPlainClick(click(init)), JSON.stringify(init)).toBe(false);
  });
});
