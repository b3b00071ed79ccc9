/**
 * The demo pages pass axe (issue #24 item 3): every kind of page the reference server renders as
 * HTML (demo/pages/*, demo/server/routes), and the states the elements open on them (the post form,
 * fast compose, the messaging inbox and a conversation window, the peepr drawer, a blog card, the
 * share and activity popovers, GIF search, the ask form and the blog's message-or-ask menu, a
 * video's speed menu, the phone header's menu), each checked with axe-core over the whole document
 * (open shadow roots and same-origin frames included) once nothing moves any more. No rule is
 * switched off and nothing is allowed, inside the elements' shadow roots either. The pages are visited several to a test (a
 * soft assertion each, so one failing page does not hide the next); at the end a table: page or
 * state → violations. Every seeded blog's theme colours are checked too, from its stylesheet.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { motionSettled } from './page-helpers';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** What each check found, for the table printed at the end (rows in the order they ran). */
const table: { what: string; count: number }[] = [];

// Chromium only: axe reads the DOM and computed styles, the same markup and theme colours in every
// engine, and each element state's own axe check runs in all three engines in the browser tests.
// In Firefox over BiDi this file alone took over two minutes of CI's budget (docs/guides/testing.md).
test.skip(({ browserName }) => browserName !== 'chromium', 'engine-independent: run in Chromium');

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  // An init script, not a <script>: the pages' CSP allows no inline script. It runs in every
  // document and same-origin frame, so axe also audits the frames (the embedded players).
  await page.addInitScript({ content: AXE });
});

test.afterAll(() => {
  if (!table.length) return;
  const width = Math.max(...table.map((row) => row.what.length));
  const rows = table.map((row) => `${row.what.padEnd(width)}  ${String(row.count).padStart(10)}`);
  console.log(['', `${'page / state'.padEnd(width)}  violations`, ...rows].join('\n'));
});

/** Every SDK tag on the page has its code and has rendered (`ready`), so axe sees what a reader sees. */
async function elementsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll(':not(:defined)').length === 0);
  await page.evaluate(async () => {
    const hosts = [...document.querySelectorAll('*')].filter((el) => el.localName.includes('-')) as (Element & { ready?: Promise<void> })[];
    await Promise.all(hosts.map((el) => el.ready));
  });
}

interface Found {
  id: string;
  impact: string | null;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe over the whole document, as tests/helpers/axe.ts does in the browser tests: first waits
 * until nothing is moving (a popover caught half way through its fade-in has colours nobody rests
 * on), then every rule axe has, none switched off. Records the count; a soft assertion.
 */
async function axe(page: Page, what: string): Promise<void> {
  await elementsReady(page);
  await motionSettled(page);
  const found = await page.evaluate(async (): Promise<Found[]> => {
    type Result = {
      violations: { id: string; impact: string | null; nodes: { target: unknown; html: string; failureSummary?: string }[] }[];
    };
    const run = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await run.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: JSON.stringify(n.target), html: n.html.slice(0, 160), summary: n.failureSummary ?? '' })),
    }));
  });
  table.push({ what, count: found.reduce((sum, v) => sum + v.nodes.length, 0) });
  const report = found.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}) ×${v.nodes.length}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    at ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`)
        .join('\n')}`,
  );
  expect.soft(report, `axe on ${what}`).toEqual([]);
}

/** Visits each page in turn (one browser context: `as=` switches the demo user), axe on each. */
async function checkPages(page: Page, pages: readonly (readonly [path: string, what: string, phone?: 'phone'])[]): Promise<void> {
  for (const [path, what, phone] of pages) {
    await page.setViewportSize(phone ? PHONE : DESKTOP);
    const response = await page.goto(path);
    expect(response?.headers()['content-type'], path).toContain('text/html');
    await axe(page, what);
  }
}

// ---------- the pages ----------

test.describe('pages', () => {
  test('the dashboard and its variants', async ({ page }) => {
    test.setTimeout(60_000);
    await checkPages(page, [
      ['/dashboard?as=alice', '/dashboard'],
      ['/dashboard?as=alice&mobile=1', '/dashboard?mobile=1 (phone)', 'phone'],
      ['/dashboard?as=alice&composer=inline&tutorial=standard', '/dashboard?composer=inline&tutorial=standard'],
      ['/tagged/art?as=alice', '/tagged/art'],
      ['/dashboard?as=anonymous', '/dashboard logged out'],
      ['/tagged/art?as=anonymous', '/tagged/art logged out'],
    ]);
  });

  test('blog themes, a post, a tag', async ({ page }) => {
    test.setTimeout(60_000);
    await checkPages(page, [
      ['/blog/bob?as=alice', '/blog/bob (dark theme)'],
      ['/blog/minimal-desk?as=alice', '/blog/minimal-desk (white theme)'],
      ['/blog/moss-and-stone?as=alice', '/blog/moss-and-stone (asks off)'],
      ['/blog/xss-lab?as=alice', '/blog/xss-lab'],
      ['/blog/quiet-corner?as=anonymous', '/blog/quiet-corner (cream theme, logged out)'],
    ]);
    await page.goto('/blog/bob?as=alice');
    await page.locator('.theme-post__permalink').first().click();
    await expect(page).toHaveURL(/\/blog\/bob\/post\/\d+/);
    await axe(page, '/blog/bob/post/:id');
    await page.goBack();
    await page.locator('.theme-post__tags a').first().click();
    await expect(page).toHaveURL(/\/blog\/bob\/tagged\//);
    await axe(page, '/blog/bob/tagged/:tag');
  });

  test("a blog's own pages", async ({ page }) => {
    test.setTimeout(60_000);
    await checkPages(page, [
      ['/blog/bob/drafts?as=bob', '/blog/bob/drafts'],
      ['/blog/bob/queue', '/blog/bob/queue'],
      ['/blog/bob/inbox', '/blog/bob/inbox'],
      ['/blog/bob/activity', '/blog/bob/activity'],
      ['/blog/alice/drafts', "/blog/alice/drafts (someone else's: 403)"],
      ['/blog/bob/ask?as=alice', '/blog/bob/ask (ask form open on arrival)'],
      ['/blog/bob/submit', '/blog/bob/submit'],
      ['/blog/bob/drafts?as=anonymous', '/blog/bob/drafts logged out'],
      ['/blog/no-such-blog', '/blog/no-such-blog (404)'],
    ]);
  });

  test('the other pages', async ({ page }) => {
    test.setTimeout(60_000);
    await checkPages(page, [
      ['/?as=alice', '/ (demo index)'],
      ['/search', '/search'],
      ['/search/art', '/search/art'],
      ['/help?q=mess', '/help?q=mess'],
      ['/help/asks', '/help/asks'],
      ['/help?mobile=1&flag_responsive_help_docs=1', '/help (help-docs shell, phone)', 'phone'],
      ['/following', '/following'],
      ['/messaging/conversation/bob', '/messaging/conversation/bob'],
      ['/settings', '/settings (placeholder)'],
      ['/no/such/page', '/no/such/page (404)'],
      ['/embedded-player', '/embedded-player'],
    ]);
    const src = await page.locator('iframe.embedded_player').first().getAttribute('src');
    expect(src).toMatch(/^\/video\/embed\/\d+$/);
    await checkPages(page, [[src!, '/video/embed/:post']]);
  });
});

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Axe sees five themes above; every other seeded blog's colours (its /static/theme/<name>.css, the
// only place a theme sets them) are checked here the way axe would, without loading 50 pages.
test("every seeded blog's theme colours read at 4.5:1 on its page and on its post cards", async ({ page }) => {
  const blogs = ((await (await page.request.get('/__demo/state?table=blogs')).json()) as { rows: { name: string }[] }).rows;
  expect(blogs.length).toBeGreaterThan(40);
  const low: string[] = [];
  for (const { name } of blogs) {
    const css = await (await page.request.get(`/static/theme/${name}.css`)).text();
    const colour = (v: string) => {
      const hex = new RegExp(`--theme-${v}: #([0-9a-f]{6}|[0-9a-f]{3});`, 'i').exec(css)?.[1];
      return hex ? `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}` : `missing --theme-${v}`;
    };
    for (const fg of ['text', 'title', 'link', 'muted'])
      for (const bg of ['bg', 'card']) {
        const ratio = contrast(colour(fg), colour(bg));
        if (!(ratio >= 4.5)) low.push(`${name}: --theme-${fg} ${colour(fg)} on --theme-${bg} ${colour(bg)} is ${ratio.toFixed(2)}:1`);
      }
  }
  expect(low).toEqual([]);
});

// ---------- the states the elements open ----------

test.describe('element states', () => {
  test('dashboard: the post form, fast compose', async ({ page }) => {
    await page.goto('/dashboard?as=alice');
    await elementsReady(page);
    await page.locator('blog-header').getByRole('button', { name: 'Create a post' }).click();
    const overlay = page.locator('fast-compose').getByRole('dialog', { name: 'Create a post' });
    await expect(overlay).toBeVisible();
    await axe(page, 'fast compose open');

    await overlay.getByRole('button', { name: 'Text' }).click();
    await expect(page.locator('post-composer dialog[open] form.post-form:not([inert])')).toBeVisible();
    await axe(page, 'post form open (text)');
  });

  test('dashboard: the messaging inbox, then a conversation window', async ({ page }) => {
    await page.goto('/dashboard?as=alice');
    await elementsReady(page);
    await page.locator('blog-header >> [data-target="inbox"]').click();
    const inbox = page.locator('messaging-dock [part="inbox"]');
    await expect(inbox.locator('[part="conversation-row"]').first()).toBeVisible();
    await axe(page, 'messaging inbox open');

    await page.keyboard.press('Escape');
    await expect(inbox).toBeHidden();
    await page.locator('[data-message-blog="bob"]').click();
    const win = page.locator('messaging-dock').getByRole('region', { name: 'Conversation with bob', exact: true });
    await expect(win.locator('[part="message-row"]').first()).toBeVisible();
    await expect(win.locator('[part="compose-input"]')).toBeEnabled();
    await axe(page, 'conversation window open');
  });

  test('dashboard: the peepr drawer, a blog card', async ({ page }) => {
    await page.goto('/dashboard?as=alice');
    await elementsReady(page);
    // Focus opens a card as a hover does, and does not depend on where the pointer rests.
    await page.locator('.post_info a[data-blog-card="bob"]').first().focus();
    const card = page.locator('blog-card:not([blog-name]) [part="card"]');
    await expect(card.locator('.name')).toHaveText('bob');
    await expect(card.getByRole('button', { name: /follow bob/i })).toBeVisible();
    await axe(page, 'blog card open');

    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await page.locator('.post_container[data-blog-name="bob"] .post_avatar_link').first().click();
    await expect(page.locator('peepr-drawer dialog')).toBeVisible();
    await expect(page.locator('peepr-drawer article.post').first()).toBeVisible();
    await axe(page, 'peepr drawer open');
  });

  test('dashboard: the share and activity popovers', async ({ page }) => {
    await page.goto('/dashboard?as=alice');
    await elementsReady(page);
    await page.locator('.post_container').first().getByRole('button', { name: 'Share this post' }).click();
    const share = page.locator('share-popover [part="popover"]');
    await expect(share.getByRole('button', { name: 'E-mail' })).toBeVisible();
    await axe(page, 'share popover open');

    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();
    const activity = page.locator('activity-popover').first();
    await activity.getByRole('button', { name: 'Activity' }).click();
    await expect(activity.getByRole('region', { name: 'Activity for alice' }).locator('.row').first()).toBeVisible();
    await axe(page, 'activity popover open');
  });

  test('dashboard: GIF search, the sidebar ask form', async ({ page }) => {
    await page.goto('/dashboard?as=alice');
    await elementsReady(page);
    await page.locator('#gif_trigger').click();
    const box = page.getByRole('combobox', { name: 'Search GIFs' });
    await expect(box).toBeFocused();
    await box.pressSequentially('cat');
    await expect(page.getByRole('grid', { name: 'GIF results for cat' }).getByRole('gridcell').first()).toBeVisible();
    await axe(page, 'GIF search open, with results');

    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.locator('#ask_box ask-form').getByRole('button', { name: 'Ask bob a question' }).click();
    await expect(page.getByRole('dialog', { name: 'Ask bob a question' })).toBeVisible();
    await axe(page, 'ask form open (dashboard)');
  });

  test('phone dashboard: the header menu', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard?as=alice&mobile=1');
    await elementsReady(page);
    await page.locator('blog-header').getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('blog-header').getByRole('navigation', { name: 'Primary' })).toBeVisible();
    await axe(page, 'phone header menu open');
  });

  test("blog theme: the ask form, the message-or-ask menu; the embedded player's speed menu", async ({ page }) => {
    await page.goto('/blog/bob?as=alice');
    await elementsReady(page);
    await page.locator('.theme-ask ask-form').getByRole('button', { name: 'Ask bob a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask bob a question' });
    await expect(dialog).toBeVisible();
    await axe(page, 'ask form open (/blog/bob)');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.locator('.theme-nav ask-form').getByRole('button', { name: 'Message or ask bob' }).click();
    await expect(page.getByRole('menuitem', { name: 'Ask a question' })).toBeVisible();
    await axe(page, 'message-or-ask menu open (/blog/bob)');

    await page.goto('/embedded-player');
    await elementsReady(page);
    const player = page.locator('.post_video video-player');
    await player.hover();
    await player.getByRole('button', { name: /^Playback speed/ }).click();
    await expect(player.getByRole('menu', { name: 'Playback speed' })).toBeVisible();
    await axe(page, 'video speed menu open');
  });
});
