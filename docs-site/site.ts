/**
 * The reference site (`/docs` on the reference server, `npm run docs` for static files): one page per
 * element generated from custom-elements.json (which scripts/contract.mjs generates from
 * elements/<tag>/contract.ts), with its live example, playground and reference tables, then the
 * hand-written behaviour notes in docs-site/elements/<tag>.md; and the guides in docs/guides/*.md.
 * Pages are bodies for demo/pages/layout.ts's renderDocument, so they carry the same strict CSP,
 * bootstrap and form key as every demo page: no inline script, no inline style.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';
import { esc, html, raw, type SafeHtml } from '../demo/pages/html';
import { EXAMPLES } from './examples';

export const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCS_STATIC_DIR = join(SITE_ROOT, 'docs-site', 'static');
const GUIDES_DIR = join(SITE_ROOT, 'docs', 'guides');

// ---------------------------------------------------------------- the manifest
interface Named {
  name: string;
  description?: string;
}
interface ManifestAttribute extends Named {
  fieldName: string;
  type: { text: string };
  default?: string;
}
interface ManifestMember extends Named {
  kind: string;
  attribute?: string;
  readonly?: boolean;
  type: { text: string };
}
export interface ManifestElement {
  tagName: string;
  name: string;
  summary: string;
  attributes: ManifestAttribute[];
  members: ManifestMember[];
  events: (Named & { type: { text: string } })[];
  cssParts: Named[];
  cssProperties: (Named & { default?: string })[];
  slots: Named[];
}

/** Every element of custom-elements.json, in its order (by tag). */
export function manifestElements(): ManifestElement[] {
  const manifest = JSON.parse(readFileSync(join(SITE_ROOT, 'custom-elements.json'), 'utf8')) as {
    modules: { declarations: ManifestElement[] }[];
  };
  return manifest.modules.flatMap((m) => m.declarations.filter((d) => d.tagName));
}

// ---------------------------------------------------------------- markdown
/**
 * Live markup a guide may place with an HTML comment of its own line (any other raw HTML is text):
 * the theming guide's dark example, the elements themed by custom properties on a container.
 */
const LIVE_BLOCKS: Readonly<Record<string, string>> = {
  '<!-- live: dark-theme -->': `<div class="docs_dark" data-dark-example><p>A dark container: the properties are set on it, and the elements inside inherit them.</p><ask-form blog-name="bob"></ask-form> <blog-card blog-name="bob"><a href="/blog/bob">bob</a></blog-card></div>\n`,
};

/**
 * Markdown of this repository only (guides, behaviour notes, contract descriptions). Raw HTML in it
 * is shown as text, never parsed: the prose names tags such as <ask-form>, which must not become
 * live elements on the page.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => LIVE_BLOCKS[text.trim()] ?? esc(text),
    code({ text, lang }) {
      // Focusable, so that a keyboard can scroll a long line (axe: scrollable-region-focusable).
      return `<pre tabindex="0"><code${lang ? ` class="language-${esc(lang)}"` : ''}>${esc(text)}</code></pre>\n`;
    },
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      const id = slugify(text.replace(/<[^>]*>/g, ''));
      return `<h${depth} id="${id}">${text}</h${depth}>\n`;
    },
    table(token) {
      // Wide tables scroll inside their own box; the box is a named, focusable region so that a
      // keyboard can scroll it (axe: scrollable-region-focusable), each named apart (landmark-unique).
      // A header cell with no text is a plain cell (axe: empty-table-header).
      tables += 1;
      const head = token.header
        .map((cell) => (cell.text.trim() ? `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>` : '<td></td>'))
        .join('');
      const rows = token.rows.map((row) => `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`);
      return `<div class="table_wrap" tabindex="0" role="region" aria-label="Table ${tables}"><table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>\n`;
    },
  },
});

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&[a-z#0-9]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Tables rendered so far in the current document, to name each apart. */
let tables = 0;
const block = (text: string): SafeHtml => {
  tables = 0;
  return raw(markdown.parse(text, { async: false }));
};
const inline = (text: string | undefined): SafeHtml => raw(markdown.parseInline(text ?? '', { async: false }));

// ---------------------------------------------------------------- guides
export interface Guide {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

/** The guides in reading order; a guide file not listed here comes after them, by name. */
export const GUIDE_ORDER = [
  'getting-started',
  'session-and-bootstrap',
  'events-and-requests',
  'theming',
  'security',
  'react',
  'accessibility',
  'reference-server',
  'architecture',
  'testing',
];

/** The guides in docs/guides: front matter (title, summary), then markdown. */
export function guides(): Guide[] {
  const slugs = readdirSync(GUIDES_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return slugs.map((slug) => {
    const text = readFileSync(join(GUIDES_DIR, `${slug}.md`), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
    const meta = Object.fromEntries(
      (m?.[1] ?? '').split('\n').map((line) => [line.split(':')[0]?.trim(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    let body = m ? text.slice(m[0].length) : text;
    // The server's own document is written once, beside the server: the guide includes it.
    body = body.replace(/^<!-- include: (\S+) -->$/m, (_, file: string) =>
      readFileSync(join(SITE_ROOT, file), 'utf8').replace(/^# .*\n/, ''),
    );
    return { slug, title: meta.title ?? slug, summary: meta.summary ?? '', body };
  });
}
const rank = (slug: string) => (GUIDE_ORDER.includes(slug) ? GUIDE_ORDER.indexOf(slug) : GUIDE_ORDER.length);

// ---------------------------------------------------------------- pages
export interface DocsPage {
  /** Its address under the site, e.g. /docs/elements/ask-form. */
  path: string;
  title: string;
  body: SafeHtml;
  /** Whether it holds a live element (then the loader and the playground script load). */
  live: boolean;
}

export const DOCS_STYLESHEETS = ['/docs/static/docs.css'];
export const DOCS_SCRIPTS = ['/docs/static/playground.js'];

/** Every page of the site, in navigation order. */
export function docsPages(): DocsPage[] {
  const elements = manifestElements();
  const all = guides();
  const shell = (path: string, content: SafeHtml) => layout(path, elements, all, content);
  return [
    { path: '/docs', title: '@tumblelog/elements', body: shell('/docs', indexContent(elements, all)), live: false },
    ...all.map((g) => ({
      path: `/docs/guides/${g.slug}`,
      title: `${g.title} | @tumblelog/elements`,
      body: shell(`/docs/guides/${g.slug}`, guideContent(g)),
      live: false,
    })),
    ...elements.map((e) => ({
      path: `/docs/elements/${e.tagName}`,
      title: `<${e.tagName}> | @tumblelog/elements`,
      body: shell(`/docs/elements/${e.tagName}`, elementContent(e, elements)),
      live: true,
    })),
  ];
}

function layout(current: string, elements: ManifestElement[], all: Guide[], content: SafeHtml): SafeHtml {
  const link = (href: string, label: SafeHtml | string) =>
    html`<li><a href="${href}"${href === current ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<a class="skip_link" href="#content">Skip to content</a>
<header class="docs_header">
  <a class="docs_brand" href="/docs"><span aria-hidden="true" class="docs_logo">t</span> @tumblelog/elements</a>
  <span class="docs_version">reference</span>
  <a class="docs_demo" href="/">Demo pages</a>
</header>
<div class="docs_shell">
<nav class="docs_nav" aria-label="Documentation">
  <ul>${link('/docs', 'Overview')}</ul>
  <h2 class="docs_nav_title">Guides</h2>
  <ul>${all.map((g) => link(`/docs/guides/${g.slug}`, g.title))}</ul>
  <h2 class="docs_nav_title">Elements</h2>
  <ul>${elements.map((e) => link(`/docs/elements/${e.tagName}`, html`<code>&lt;${e.tagName}&gt;</code>`))}</ul>
</nav>
<main id="content" class="docs_main" tabindex="-1">
${content}
</main>
</div>`;
}

const firstSentence = (text: string) => /^(.*?[.!?])(\s|$)/.exec(text)?.[1] ?? text;

function indexContent(elements: ManifestElement[], all: Guide[]): SafeHtml {
  return html`<h1>@tumblelog/elements</h1>
<p class="docs_lead">Eleven custom elements that a legacy server-rendered page or a third-party blog theme drops into its HTML one tag at a time. Each page below is generated from the elements' contracts, and its example runs against this reference server, as you.</p>
<h2>Guides</h2>
<ul class="docs_cards">${all.map((g) => html`<li class="docs_card"><a href="/docs/guides/${g.slug}">${g.title}</a><p>${g.summary}</p></li>`)}</ul>
<h2>Elements</h2>
<ul class="docs_cards">${elements.map(
    (e) =>
      html`<li class="docs_card"><a href="/docs/elements/${e.tagName}"><code>&lt;${e.tagName}&gt;</code></a><p>${inline(firstSentence(e.summary))}</p></li>`,
  )}</ul>`;
}

function guideContent(g: Guide): SafeHtml {
  return html`<article class="docs_prose">
<h1>${g.title}</h1>
<p class="docs_lead">${g.summary}</p>
${block(g.body)}
</article>`;
}

// ---------------------------------------------------------------- an element's page
const ENUM = /^'[^']*'(?: \| '[^']*')*$/;
const enumValues = (type: string) => [...type.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');

/** The events a page may hear from any element (every element's, for the log's listener). */
const allEventNames = (elements: ManifestElement[]) =>
  [...new Set(elements.flatMap((e) => e.events.map((ev) => ev.name)).filter((n) => !n.endsWith('-request')))].sort();

function table(caption: string, head: string[], rows: (SafeHtml | string)[][]): SafeHtml {
  if (!rows.length) return html``;
  const id = slugify(caption);
  return html`<section class="docs_ref" aria-labelledby="${id}">
<h3 id="${id}">${caption}</h3>
<div class="table_wrap" tabindex="0" role="region" aria-label="${caption} table"><table>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr>${r.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody>
</table></div>
</section>`;
}

const code = (text: string | undefined) => (text ? html`<code>${text}</code>` : html`<span class="docs_none">—</span>`);

/** The element as the page writes it: the live example's markup, and its snippet. */
export function exampleMarkup(tag: string): string {
  const example = EXAMPLES[tag];
  if (!example) throw new Error(`docs-site/examples.ts has no example for <${tag}>`);
  const attributes = Object.entries(example.attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${esc(value)}"`))
    .join('');
  return `<${tag}${attributes}>${example.content ?? ''}</${tag}>`;
}

function control(tag: string, a: ManifestAttribute): SafeHtml {
  const id = `pg-${a.name}`;
  const value = EXAMPLES[tag]?.attributes[a.name];
  const label = html`<label for="${id}"><code>${a.name}</code></label>`;
  if (a.type.text === 'boolean') {
    // A boolean that defaults to true is on unless its value is "false" (update-url="false").
    const onByDefault = a.default === 'true';
    const checked = onByDefault ? value !== 'false' : value !== undefined;
    return html`<div class="pg_field pg_check"><input type="checkbox" id="${id}" data-attribute="${a.name}"${onByDefault ? html` data-default-true` : ''}${checked ? html` checked` : ''}>${label}</div>`;
  }
  if (ENUM.test(a.type.text)) {
    const options = enumValues(a.type.text);
    return html`<div class="pg_field">${label}<select id="${id}" data-attribute="${a.name}">
<option value=""${value === undefined ? html` selected` : ''}>(not set${a.default ? `: ${a.default}` : ''})</option>
${options.map((o) => html`<option${o === value ? html` selected` : ''}>${o}</option>`)}
</select></div>`;
  }
  return html`<div class="pg_field">${label}<input type="text" id="${id}" data-attribute="${a.name}" value="${value ?? ''}" spellcheck="false" autocomplete="off"></div>`;
}

function elementContent(e: ManifestElement, elements: ManifestElement[]): SafeHtml {
  const tag = e.tagName;
  const example = EXAMPLES[tag];
  const notesFile = join(SITE_ROOT, 'docs-site', 'elements', `${tag}.md`);
  const notes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
  const events = e.events.filter((ev) => !ev.name.endsWith('-request'));
  const requests = e.events.filter((ev) => ev.name.endsWith('-request'));
  const detail = (type: string) => type.replace(/^CustomEvent<([\s\S]*)>$/, '$1');
  const properties = e.members.filter((m) => m.kind === 'field' && !m.attribute);
  return html`<h1><code>&lt;${tag}&gt;</code></h1>
<p class="docs_lead">${inline(e.summary)}</p>
<p class="docs_meta"><code>import '@tumblelog/elements/${tag}';</code> or the loader · class <code>${e.name}</code></p>

<section class="docs_example" aria-labelledby="example">
<h2 id="example">Live example</h2>
<p>${example?.note ?? ''}</p>
<div class="docs_preview" data-preview>
${raw(exampleMarkup(tag).replace(`<${tag}`, `<${tag} id="live-example"`))}
</div>
<div class="docs_playground">
<form class="pg_controls" data-playground data-tag="${tag}" aria-labelledby="playground">
<h3 id="playground">Attributes</h3>
${e.attributes.length ? e.attributes.map((a) => control(tag, a)) : html`<p>This element has no attributes.</p>`}
</form>
<div class="pg_side">
<div class="pg_snippet">
<div class="pg_bar"><h3 id="snippet">HTML</h3><button type="button" class="pg_button" data-copy>Copy HTML</button><span class="pg_status" role="status" data-copy-status></span></div>
<pre aria-labelledby="snippet" tabindex="0"><code data-snippet>${exampleMarkup(tag)}</code></pre>
</div>
<div class="pg_log">
<div class="pg_bar"><h3 id="event-log">Events</h3><button type="button" class="pg_button" data-clear-log>Clear</button></div>
<ol class="pg_events" aria-labelledby="event-log" data-event-log data-events="${JSON.stringify(allEventNames(elements))}" tabindex="0"><li class="pg_empty">The <code>tl-*</code> events the page hears show here.</li></ol>
</div>
</div>
</div>
</section>

<section aria-labelledby="reference">
<h2 id="reference">Reference</h2>
${table(
  'Attributes',
  ['attribute', 'property', 'type', 'default', 'description'],
  e.attributes.map((a) => [code(a.name), code(a.fieldName), code(a.type.text), code(a.default), inline(a.description)]),
)}
${table(
  'Properties',
  ['property', 'type', 'description'],
  properties.map((p) => [code(p.name), code(`${p.readonly ? 'readonly ' : ''}${p.type.text}`), inline(p.description)]),
)}
${table(
  'Events',
  ['event', 'detail', 'when'],
  events.map((ev) => [code(ev.name), code(detail(ev.type.text)), inline(ev.description)]),
)}
${table(
  'Requests it answers',
  ['request (dispatch on document)', 'detail', 'what it does'],
  requests.map((ev) => [
    code(ev.name),
    code(detail(ev.type.text)),
    inline(ev.description?.replace(/^Request: dispatch it on `document`\. /, '')),
  ]),
)}
${table(
  'Parts',
  ['part', 'description'],
  e.cssParts.map((p) => [code(p.name), inline(p.description)]),
)}
${table(
  'Slots',
  ['slot', 'description'],
  e.slots.map((s) => [s.name ? code(s.name) : html`(default)`, inline(s.description)]),
)}
${table(
  'CSS custom properties',
  ['property', 'default', 'description'],
  e.cssProperties.map((p) => [code(p.name), code(p.default), inline(p.description)]),
)}
</section>
${notes ? html`<section class="docs_prose" aria-labelledby="behaviour"><h2 id="behaviour">Behaviour and choices</h2>${block(notes.replace(/^(#+) /gm, '##$1 '))}</section>` : ''}`;
}
