/**
 * Fetches the post form's chunk and the builder data ahead of the first open, so that it costs
 * little more than a warm one. On intent: a pointer over, or focus on, a link to a post route (the
 * dashboard's post buttons, Edit, Reblog); a compose intent from another element (the header's
 * compose button, `$composeIntent`); the fast compose overlay opening. Intent also fetches the rich
 * editor (Lexical, the largest chunk) when it is the user's editor. Once the page has settled, the
 * browser's first idle moment fetches the form and the data, not the editor: evaluating Lexical is
 * a long task on a slow phone, worth paying only for someone about to write
 * (src/core/preload-when-idle.ts).
 */
import { useEffect } from 'react';
import { preloadWhenIdle } from '../../src/core/preload-when-idle';
import { $composeIntent } from '../../src/stores/composer';
import { $fastComposeOpen } from '../../src/stores/fast-compose';
import { postRouteLink } from './post-route-link';
import { loadForm } from './load-form';

// Every <post-composer> on a page may run this: the chunks and the builder data are cached per page
// (load-form.ts, PostForm's builderData, the editor's import), so a second instance's prefetch costs nothing.
export function useFormPrefetch(user: string | null): void {
  useEffect(() => {
    if (!user) return;
    /** What has been asked for: nothing, the form and its data, or those and the editor. */
    let asked: 'nothing' | 'form' | 'form and editor' = 'nothing';
    const prefetch = (withEditor: boolean) => {
      if (asked === 'form and editor' || (asked === 'form' && !withEditor)) return;
      asked = withEditor ? 'form and editor' : 'form';
      loadForm().then(
        (m) => m.prefetchOpen(user, { withEditor }),
        () => {
          asked = 'nothing'; // the open will try again, and say so if it fails
        },
      );
    };
    const onIntent = (event: Event) => {
      if (postRouteLink(event.composedPath())) prefetch(true);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    const unsubscribes = [$composeIntent.listen(() => prefetch(true)), $fastComposeOpen.listen((open) => open && prefetch(true))];
    const cancelIdle = preloadWhenIdle(() => prefetch(false));
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      for (const unsubscribe of unsubscribes) unsubscribe();
      cancelIdle();
    };
  }, [user]);
}
