import { Events } from '../../src/core/events';
import type { WidgetContextValue } from '../../src/core/widget-context';
import { openComposer } from '../../src/stores/composer';
import { $fastComposeOpen, hasFastCompose } from '../../src/stores/fast-compose';

/**
 * The compose button: opens <fast-compose> when the page has one, otherwise asks
 * the post form for a text post through `$composer` (and says so with tl-compose).
 */
export function onCompose(announce: WidgetContextValue['announce']): void {
  if (hasFastCompose()) {
    $fastComposeOpen.set(true);
    return;
  }
  openComposer('text', 'header');
  announce(Events.compose, { type: 'text', source: 'header' });
}
