/** What several e2e specs do on a demo page: elements live, fast compose open, the next event heard. */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until each tag is defined and its first element on the page has rendered (`ready`).
 * Defined is not enough: a tag is defined before its component's chunk has come, and the
 * listeners a page's links rely on (a `data-peepr` click, a `data-blog-card` hover) are attached
 * by its first render. A click before then is a plain link's.
 */
export async function elementsReady(page: Page, tags: readonly string[]): Promise<void> {
  await page.waitForFunction((names) => names.every((t) => customElements.get(t) !== undefined), [...tags]);
  for (const tag of tags) await hostReady(page, tag);
}

/**
 * Waits until the first element `selector` matches (a custom element) is defined and has rendered
 * (`ready`). Defined first: before its tag is, the element has no `ready` yet, and awaiting that
 * `undefined` returned at once (a test then clicked a post link that was still a plain link, and
 * left for the /new/quote page, 2026-11-28).
 */
export async function hostReady(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate(async (el) => {
      await customElements.whenDefined(el.localName);
      await (el as HTMLElement & { ready: Promise<void> }).ready;
    });
}

/**
 * Opens fast compose with its shortcut, z+c, from a click on the page's margin; returns its dialog.
 * Tried again until it shows: the element is a lazy chunk, live only once it has loaded.
 */
export async function openFastComposeByShortcut(page: Page): Promise<Locator> {
  const overlay = page.locator('fast-compose').getByRole('dialog', { name: 'Create a post' });
  await expect
    .poll(() => page.evaluate(() => !!customElements.get('fast-compose') && !!document.querySelector('fast-compose')?.shadowRoot))
    .toBe(true);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await expect(async () => {
    await page.keyboard.down('z');
    await page.keyboard.press('c');
    await page.keyboard.up('z');
    await expect(overlay).toBeVisible({ timeout: 1000 });
  }).toPass();
  return overlay;
}

/**
 * Waits (at most 5 s) until nothing finite moves on the page: every running animation and
 * transition has finished, in the document and in every open shadow root, where the elements'
 * own motion is. `document.getAnimations()` alone misses those: Chromium leaves shadow trees out
 * of it, and axe then ran on a conversation window half way through its fade-in (2026-11-29).
 * A spinner runs forever and is part of the state; what is aria-hidden, no reader meets.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const roots = (): (Document | ShadowRoot)[] => {
      const found: (Document | ShadowRoot)[] = [document];
      for (let i = 0; i < found.length; i++) for (const el of found[i]!.querySelectorAll('*')) if (el.shadowRoot) found.push(el.shadowRoot);
      return found;
    };
    const moving = () =>
      roots()
        .flatMap((root) => root.getAnimations())
        .filter((a) => {
          if (a.playState !== 'running' || !Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)) return false;
          const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
          return !target?.closest('[aria-hidden="true"]');
        });
    const deadline = performance.now() + 5_000;
    for (;;) {
      // Two frames: a style change already made has become its animation or transition by then.
      await frame();
      await frame();
      const now = moving();
      if (now.length === 0 || performance.now() > deadline) break;
      await Promise.race([
        Promise.all(now.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, deadline - performance.now())),
      ]);
    }
  });
}

/**
 * Listens for the next `name` event on document, and answers a function that
 * resolves with its detail. The listener is in place when this resolves: a
 * listener added in the same breath as the key press that fires the event
 * can reach the page after it (evaluation and input are separate channels),
 * and then waits for ever.
 */
export async function nextEvent<T>(page: Page, name: string): Promise<() => Promise<T>> {
  await page.evaluate((type) => {
    const w = window as unknown as { tlNextEvent?: Record<string, Promise<unknown>> };
    w.tlNextEvent ??= {};
    w.tlNextEvent[type] = new Promise((resolve) =>
      document.addEventListener(type, (e) => resolve((e as CustomEvent).detail), { once: true }),
    );
  }, name);
  return () => page.evaluate((type) => (window as unknown as { tlNextEvent: Record<string, Promise<T>> }).tlNextEvent[type]!, name);
}
