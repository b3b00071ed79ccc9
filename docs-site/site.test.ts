/**
 * The reference site says everything the contracts say: each element's page (generated from
 * custom-elements.json) names every attribute, event, request, part, slot and CSS property its
 * contract (elements/<tag>/contract.ts) declares, so a manifest that fell behind a contract, or a
 * page that dropped a table, fails here. Also: every element has its page, example and notes.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from './examples';
import { SITE_ROOT, docsPages, guides } from './site';

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const tags = readdirSync(join(SITE_ROOT, 'elements')).filter((tag) => existsSync(join(SITE_ROOT, 'elements', tag, 'contract.ts')));
const pages = docsPages();
const text = (path: string) => {
  const page = pages.find((p) => p.path === path);
  if (!page) throw new Error(`no page ${path}`);
  return page.body.value;
};

interface Contract {
  attributes: Record<string, unknown>;
  events?: Record<string, unknown>;
  requests?: Record<string, unknown>;
  parts?: Record<string, string>;
  slots?: Record<string, string>;
  cssProperties?: Record<string, unknown>;
}

describe('docs site', () => {
  it.each(tags)('<%s>: its page names everything its contract declares', async (tag) => {
    const { contract } = (await import(`../elements/${tag}/contract.ts`)) as { contract: Contract };
    const page = text(`/docs/elements/${tag}`);
    const cells = new Set([...page.matchAll(/<td><code>([^<]*)<\/code><\/td>/g)].map((m) => m[1]));
    const missing = [
      ...Object.keys(contract.attributes).flatMap((field) => [kebab(field), field]),
      ...Object.keys(contract.events ?? {}),
      ...Object.keys(contract.requests ?? {}),
      ...Object.keys(contract.parts ?? {}),
      ...Object.keys(contract.slots ?? {}).filter(Boolean),
      ...Object.keys(contract.cssProperties ?? {}),
    ].filter((name) => !cells.has(name));
    expect(missing).toEqual([]);
    if ('' in (contract.slots ?? {})) expect(page).toContain('<td>(default)</td>');
  });

  it('every element has a page with a live example and behaviour notes, and nothing else has one', () => {
    const elementPages = pages.filter((p) => p.path.startsWith('/docs/elements/')).map((p) => p.path.slice('/docs/elements/'.length));
    expect(elementPages.sort()).toEqual([...tags].sort());
    expect(Object.keys(EXAMPLES).sort()).toEqual([...tags].sort());
    for (const tag of tags) {
      expect(existsSync(join(SITE_ROOT, 'docs-site', 'elements', `${tag}.md`)), tag).toBe(true);
      expect(text(`/docs/elements/${tag}`), tag).toContain(`<${tag} id="live-example"`);
    }
  });

  it('has the guides the issue asks for, each linked from the navigation of every page', () => {
    const slugs = guides().map((g) => g.slug);
    for (const slug of [
      'getting-started',
      'session-and-bootstrap',
      'events-and-requests',
      'theming',
      'security',
      'react',
      'reference-server',
    ])
      expect(slugs).toContain(slug);
    for (const page of pages) for (const slug of slugs) expect(page.body.value, page.path).toContain(`href="/docs/guides/${slug}"`);
  });

  it('prose never becomes markup: a tag named in a description or a note is text', () => {
    // <ask-form>'s summary says "a native <dialog>": a live <dialog> there would be a bug.
    expect(text('/docs/elements/ask-form')).toContain('native &lt;dialog&gt;');
    expect(text('/docs/elements/ask-form')).not.toMatch(/<dialog/);
  });
});
