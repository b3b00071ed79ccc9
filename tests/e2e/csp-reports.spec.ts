/**
 * Hostile markup under the demo's real CSP, and under its Trusted Types mode: sanitising it must
 * not make the page report a single `securitypolicyviolation`. A site that collects CSP reports
 * would otherwise get one for every hostile description or paste its visitors merely saw (browsers
 * check an inline handler or style when it is parsed, even in DOMPurify's inert document:
 * src/core/csp-quiet-html.ts). Each of DOMPurify's vectors is pasted into the rich editor, and
 * shown in the Markdown preview; the GIF search's hostile server message is shown.
 * The XSS tests (nothing runs) are the browser tests'; this is about what the page reports.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

declare global {
  interface Window {
    __violations?: string[];
  }
}

const vectors = JSON.parse(readFileSync(new URL('../fixtures/xss/dompurify-vectors.json', import.meta.url), 'utf8')) as {
  title: string;
  payload: string;
}[];

let pageErrors: string[] = [];

const composerDialog = (page: Page) => page.locator('post-composer dialog.composer--modal[open]');

async function recordViolations(page: Page): Promise<void> {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations!.push(
        `${event.violatedDirective}: ${event.sample || event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * The page's violations, but for an image the CSP kept from loading (`img-src 'self'`: a vector's
 * `<img src="https://…">` is a picture the post allows, which this page's policy does not; the
 * CSP doing its job, not a report of markup) and what the test driver's own injected code caused
 * (Firefox names it "<page> line N > eval"; the page's CSP forbids eval, so no element's code).
 */
async function violations(page: Page): Promise<string[]> {
  const all = await page.evaluate(() => window.__violations ?? ['the violation recorder is missing']);
  return all.filter((v) => !v.startsWith('img-src:') && !/ > eval:\d+\)$/.test(v));
}

/**
 * Pastes each piece of markup in turn, a task apart (the editor commits one paste before the next),
 * in one round trip to the page: one per vector cost about a minute in Firefox over BiDi.
 */
async function pasteEach(editor: Locator, pieces: string[]): Promise<void> {
  await editor.evaluate(async (node, markups) => {
    for (const markup of markups) {
      const data = new DataTransfer();
      data.setData('text/html', markup);
      const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, composed: true });
      // Set as a property: Firefox ignores a script-made ClipboardEvent's clipboardData option.
      Object.defineProperty(event, 'clipboardData', { value: data });
      node.dispatchEvent(event);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }, pieces);
}

for (const mode of ['the real CSP', 'Trusted Types'] as const) {
  test.describe(`under ${mode}`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await page.request.post('/__demo/reset');
      if (mode === 'Trusted Types') await context.addCookies([{ name: 'demo_trusted_types', value: '1', url: baseURL! }]);
      await recordViolations(page);
    });

    test(`${vectors.length} hostile pastes and their Markdown preview raise no report`, async ({ page }) => {
      await page.goto('/dashboard?as=alice');
      await page.waitForFunction(() => customElements.get('post-composer') !== undefined);
      await page.locator('#new_post_buttons').getByRole('link', { name: 'Text', exact: true }).click();
      const form = composerDialog(page);
      await expect(form.locator('form.post-form:not([inert])')).toBeVisible();
      const body = form.getByLabel('Body', { exact: true });
      await body.click();
      await pasteEach(body, [...vectors.map(({ payload }) => `<p>${payload}</p>`), '<p><b>the last paste</b></p>']);
      await expect(body.locator('b, strong').filter({ hasText: 'the last paste' })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      // The same markup as a Markdown body: its preview is sanitised HTML in a sink.
      const radio = form.getByRole('radio', { name: 'Markdown', exact: true });
      await radio.click();
      await expect(radio).toBeChecked();
      const markdown = form.getByRole('textbox', { name: /Body/ });
      await markdown.evaluate(
        (node: HTMLTextAreaElement, text) => {
          node.value = text;
          node.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        },
        vectors.map((v) => v.payload).join('\n\n'),
      );
      // Shown: the text of one of the first vectors (the markup around it is each vector's own).
      await expect(form.getByRole('region', { name: 'Preview' })).toContainText('I am a dolphin!');
      expect(await violations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    test("the GIF search's hostile server message raises no report", async ({ page }) => {
      await page.goto('/dashboard?as=alice');
      await page.waitForFunction(() => customElements.get('gif-search') !== undefined);
      await page.locator('#gif_trigger').click();
      const box = page.getByRole('combobox', { name: 'Search GIFs' });
      await box.pressSequentially('xss');
      await expect(page.locator('gif-search [part="message"]')).toContainText('These results come with hostile markup.');
      expect(await violations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
}
