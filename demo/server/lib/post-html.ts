/**
 * A post body's HTML as the demo's own pages show it (the server side of elements/post-composer/post-html.ts).
 * The stored body is not trusted: it is parsed with parse5 (the HTML standard's parser, as the
 * browser parses) and written out again from scratch — only allowed tags, only allowed attributes,
 * text and attribute values escaped — so nothing the parser and the browser might read differently
 * survives. Markdown bodies are turned into HTML with `marked` first.
 */
import { parseFragment } from 'parse5';
import { marked } from 'marked';
import { POST_HTML_TAGS, POST_IFRAME_SANDBOX } from '../../../elements/post-composer/post-html';

const VOID = new Set(['br', 'hr', 'img']);
/** The allow-list the editor enforces, so both sides keep the same tags. */
const TAGS: ReadonlySet<string> = new Set(POST_HTML_TAGS);
/** Their content goes with them. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'object',
  'embed',
  'svg',
  'math',
  'select',
  'option',
]);
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
  hr: ['class'],
};

interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
}

const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string) => text(s).replace(/"/g, '&quot;');

/** http(s) and mailto links, same-site paths; null for anything else. */
function safeUrl(value: string, tag: string): string | null {
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (tag === 'a' && /^mailto:/i.test(v)) return v;
  return /^https?:\/\/[^\s]+$/i.test(v) ? v : null;
}

function write(node: Node): string {
  if (node.nodeName === '#text') return text(node.value ?? '');
  if (node.nodeName.startsWith('#')) return node.nodeName === '#document-fragment' ? (node.childNodes ?? []).map(write).join('') : '';
  const tag = (node.tagName ?? '').toLowerCase();
  if (DROPPED.has(tag)) return '';
  const inner = (node.childNodes ?? []).map(write).join('');
  if (!TAGS.has(tag)) return inner;
  let attrs = '';
  for (const { name, value } of node.attrs ?? []) {
    if (!(ATTRIBUTES[tag] ?? []).includes(name)) continue;
    if (name === 'class') {
      if (tag === 'hr' && value.split(/\s+/).includes('read-more')) attrs += ' class="read-more"';
      continue;
    }
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, tag);
      if (!url) continue;
      attrs += ` ${name}="${attr(url)}"`;
      continue;
    }
    attrs += name === 'allowfullscreen' ? ' allowfullscreen' : ` ${name}="${attr(value)}"`;
  }
  // An image or frame without an address it may load is nothing.
  if ((tag === 'img' || tag === 'iframe') && !/ src="/.test(attrs)) return '';
  if (tag === 'iframe') attrs += ` sandbox="${POST_IFRAME_SANDBOX}" referrerpolicy="no-referrer" loading="lazy"`;
  if (tag === 'a') attrs += ' rel="nofollow noopener"';
  return VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${inner}</${tag}>`;
}

/** Safe HTML for a stored body; `editorType` 'markdown' bodies are Markdown. */
export function renderPostBody(body: string, editorType: string): string {
  const source = editorType === 'markdown' ? (marked.parse(body, { async: false, gfm: true }) as string) : body;
  return write(parseFragment(source) as unknown as Node);
}

/** Whether a stored body is markup at all (older and seeded posts are plain text in paragraphs). */
export const looksLikeHtml = (body: string): boolean => /<\/?[a-z][^>]*>/i.test(body);
