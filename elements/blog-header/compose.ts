import { Events } from '../../src/core/events';
import { openComposer } from '../../src/session/composer';
import { $fastComposeOpen, hasFastCompose } from '../../src/session/fast-compose';

/**
 * The compose button: opens <fast-compose> when the page has one, otherwise asks
 * the post form for a text post through `$composer` (and says so with tl-compose).
 */
export function onCompose(emit: (name: string, detail?: unknown) => boolean): void {
  if (hasFastCompose()) {
    $fastComposeOpen.set(true);
    return;
  }
  openComposer('text', 'header');
  emit(Events.compose, { type: 'text', source: 'header' });
}
