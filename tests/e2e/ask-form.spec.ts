/**
 * <ask-form> on a stranger's blog theme (/blog/<name>: only the loader and the SDK's tags): ask a
 * question and find it in the server's inbox table for that blog; a logged-out visitor asks anonymously.
 */
import { expect, test, type Page } from '@playwright/test';
import { nextEvent } from './page-helpers';

interface AskRow {
  recipient: string;
  asker: string | null;
  anonymous: number;
  question: string;
}
async function inbox(page: Page, blog: string): Promise<AskRow[]> {
  const response = await page.request.get(`/__demo/state?table=asks&recipient=${blog}`);
  return ((await response.json()) as { rows: AskRow[] }).rows;
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

test('ask bob a question from his blog theme; it lands in his inbox', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/blog/bob?as=alice');
  const ask = page.locator('.theme-ask ask-form');
  await ask.getByRole('button', { name: 'Ask bob a question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask bob a question' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-tl-forms-open', '');
  const box = dialog.getByRole('textbox', { name: 'Your question for bob' });
  await expect(box).toBeFocused();
  await box.pressSequentially('Which synth should I build first?'); // typed: Firefox over BiDi does not fire input for fill() inside shadow roots
  const sent = await nextEvent(page, 'tl-ask-sent');
  await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
  expect(await sent()).toEqual({ blogName: 'bob', question: 'Which synth should I build first?', anonymous: false });
  await expect(dialog).toHaveCount(0);
  await expect(ask.locator('[part="sent"]')).toContainText('on its way to bob');
  await expect
    .poll(() => inbox(page, 'bob'))
    .toEqual([expect.objectContaining({ recipient: 'bob', asker: 'alice', anonymous: 0, question: 'Which synth should I build first?' })]);
  await expect(page.locator('html')).not.toHaveAttribute('data-tl-forms-open', '');
  expect(errors).toEqual([]);
});

test('a logged-out visitor asks anonymously; a link is refused and the text kept', async ({ page }) => {
  await page.goto('/blog/bob?as=anonymous');
  await page.locator('.theme-ask ask-form').getByRole('button', { name: 'Ask bob a question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask bob a question' });
  await expect(dialog).toContainText("You're not logged in, so this goes anonymously.");
  const box = dialog.getByRole('textbox');
  await box.pressSequentially('Read my blog at example.com');
  await expect(dialog.getByRole('alert')).toHaveText("Sorry, but please don't include links in questions.");
  await box.press('ControlOrMeta+a');
  await box.pressSequentially('Do you take commissions?');
  await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(() => inbox(page, 'bob'))
    .toEqual([expect.objectContaining({ asker: null, anonymous: 1, question: 'Do you take commissions?' })]);
});

test('the blog menu icon offers Send a message / Ask a question / Submit', async ({ page }) => {
  await page.goto('/blog/bob?as=alice');
  const icon = page.locator('.theme-nav ask-form').getByRole('button', { name: 'Message or ask bob' });
  await icon.click();
  await expect(page.getByRole('menuitem')).toHaveText(['Send a message', 'Ask a question', 'Submit']);
  await page.getByRole('menuitem', { name: 'Ask a question' }).click();
  await expect(page.getByRole('dialog', { name: 'Ask bob a question' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the form's code failing to load (offline) is said in its place with Retry; Retry opens the form", async ({ page, browserName }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Refused from the start: the intent preload fails quietly, the open says so (src/ui/PartBoundary.tsx).
  let refuse = true;
  await page.route(/\/AskDialog-[^/]*\.js$/, (route) => (refuse ? route.abort('internetdisconnected') : route.fallback()));
  await page.goto('/blog/bob?as=alice');
  const ask = page.locator('.theme-ask ask-form');
  const trigger = ask.getByRole('button', { name: 'Ask bob a question' });
  await trigger.click();
  const note = ask.locator('.tl-part-error');
  await expect(note).toContainText('Something went screwy.');
  // The element is still the element (its own error note would replace its button).
  await expect(trigger).toBeVisible();
  await expect(ask.locator('[part="error"]')).toHaveCount(0);

  refuse = false;
  await note.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask bob a question' });
  if (browserName === 'firefox') {
    // Firefox keeps a failed module fetch for the page's life: a second failure asks for a reload.
    await expect(dialog.or(note.getByRole('button', { name: 'Reload' }))).toBeVisible();
    if (!(await dialog.isVisible())) {
      await note.getByRole('button', { name: 'Reload' }).click();
      await page.locator('.theme-ask ask-form').getByRole('button', { name: 'Ask bob a question' }).click();
    }
  }
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Your question for bob' })).toBeFocused();
  expect(errors).toEqual([]);
});
