/**
 * The demo dashboard loads with the SDK: the loader is fetched, the elements upgrade and render,
 * and nothing goes wrong on the way (no console errors, no uncaught exceptions, no CSP violations).
 */
import { expect, test, type ConsoleMessage } from '@playwright/test';

declare global {
  interface Window {
    __csp?: { directive: string; blocked: string; source: string }[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  // Registered before any page script: every CSP violation is recorded.
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__csp!.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
});

test('/dashboard loads the SDK and renders its elements cleanly', async ({ page }) => {
  const problems: string[] = [];
  const isCspMessage = (text: string) => /content[- ]security[- ]policy|\bCSP\b/i.test(text);
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || (message.type() === 'warning' && isCspMessage(message.text()))) {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    // A media element cancelling its own request (to re-request a byte range, or once it has buffered enough) is
    // the browser's choice, not a failure; an error status still counts (the response listener below).
    if (request.resourceType() === 'media' && request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  const loader = page.waitForResponse((response) => new URL(response.url()).pathname === '/dist/loader.js');
  const response = await page.goto('/dashboard?as=alice');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
  expect((await loader).status()).toBe(200);

  // The legacy page has the SDK's tags in its HTML.
  await expect(page.locator('blog-header')).toHaveCount(1);
  const tags = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll('*')].map((e) => e.localName).filter((n) => n.includes('-'))),
  ]);
  expect(tags).toEqual(expect.arrayContaining(['blog-header', 'blog-card']));

  // Every tag is defined by the loader, and every element on the page renders.
  await page.waitForFunction((names) => names.every((n) => customElements.get(n) !== undefined), tags);
  const rendered = await page.evaluate(async (names) => {
    const elements = names.flatMap((n) => [...document.querySelectorAll(n)]) as (HTMLElement & { ready?: Promise<void> })[];
    const withReady = elements.filter((e) => e.ready instanceof Promise);
    await Promise.all(withReady.map((e) => e.ready));
    return { count: withReady.length, withShadow: withReady.filter((e) => e.shadowRoot !== null).length };
  }, tags);
  expect(rendered.count).toBeGreaterThan(0);
  expect(rendered.withShadow).toBe(rendered.count);
  // No element fell back to its error note.
  const errorNotes = await page.evaluate(
    (names) =>
      names
        .flatMap((n) => [...document.querySelectorAll(n)])
        .filter((e) => e.shadowRoot?.querySelector('[part="error"], .tl-widget-error'))
        .map((e) => e.localName),
    tags,
  );
  expect(errorNotes).toEqual([]);

  // The runtime chunk loaded too (the loader imports it on first connection).
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/dist\/chunks\//.test(e.name)));

  const csp = await page.evaluate(() => window.__csp ?? []);
  expect(csp, 'CSP violations').toEqual([]);
  expect(problems, 'console errors / uncaught exceptions').toEqual([]);
  expect(failed, 'failed requests').toEqual([]);
});

test('the logged-out dashboard also renders without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto('/dashboard?as=anonymous');
  await expect(page.locator('blog-header')).toHaveCount(1);
  const bootstrap = await page.locator('#tumblelog-bootstrap').textContent();
  expect(JSON.parse(bootstrap ?? '{}').user).toBeNull();
  await page.waitForFunction(() => customElements.get('blog-header') !== undefined);
  await page.evaluate(async () => {
    const el = document.querySelector('blog-header') as HTMLElement & { ready?: Promise<void> };
    await el.ready;
  });
  expect(await page.evaluate(() => window.__csp ?? [])).toEqual([]);
  expect(problems).toEqual([]);
});
