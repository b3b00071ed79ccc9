/**
 * Fetches the post form's chunk and the builder data on intent, so that the first open costs
 * little more than a warm one: a pointer over, or focus on, a link to a post route (the
 * dashboard's post buttons, Edit, Reblog); a compose intent from another element (the header's
 * compose button, `$composeIntent`); the fast compose overlay opening; and, once the page has
 * settled, the browser's first idle moment (src/core/preload-when-idle.ts).
 */
import { useEffect } from 'react';
import { preloadWhenIdle } from '../../src/core/preload-when-idle';
import { $composeIntent } from '../../src/stores/composer';
import { $fastComposeOpen } from '../../src/stores/fast-compose';
import { postRouteLink } from './post-route-link';
import { loadForm } from './load-form';

// Every <post-composer> on a page may run this: the chunk and the builder data are cached per page
// (load-form.ts, PostForm's builderData), so a second instance's prefetch costs nothing.
export function useFormPrefetch(user: string | null): void {
  useEffect(() => {
    if (!user) return;
    let done = false;
    const prefetch = () => {
      if (done) return;
      done = true;
      loadForm().then(
        (m) => m.prefetchBuilderData(user),
        () => {
          done = false; // the open will try again, and say so if it fails
        },
      );
    };
    const onIntent = (event: Event) => {
      if (postRouteLink(event.composedPath())) prefetch();
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    const unsubscribes = [$composeIntent.listen(prefetch), $fastComposeOpen.listen((open) => open && prefetch())];
    const cancelIdle = preloadWhenIdle(prefetch);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      for (const unsubscribe of unsubscribes) unsubscribe();
      cancelIdle();
    };
  }, [user]);
}
