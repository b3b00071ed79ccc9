import { useEffect } from 'react';

/**
 * Brings another element's code the first time `when` holds. An element that renders another tag
 * inside its shadow root (where the loader does not look) loads that tag's registration this way,
 * only once it is needed, instead of carrying it in its own bundle.
 */
export function useRegistration(load: () => Promise<unknown>, when = true): void {
  useEffect(() => {
    if (when) load().catch((error: unknown) => console.error('[tumblelog] an element could not load', error));
    // `load` is a fresh arrow each render; what matters is when it is first needed.
  }, [when]);
}
