/**
 * Every piece of HTML from a server or a paste goes through DOMPurify, through here. Each use
 * declares its own allow-list, next to the element that renders it
 * (`createSanitizer({ tags, attributes, links })`), and gets its own DOMPurify instance, so hooks
 * never leak from one use to another.
 *
 * What comes out is shaped for where it goes, so that no raw string ever meets an HTML sink:
 * `trusted()` for a sink (TrustedHTML signed by the package's one Trusted Types policy where the
 * browser has them, see trusted-types.ts), `fragment()` for nodes (no sink at all), `string()` for
 * data that is stored or converted, never rendered as it is.
 */
import createDOMPurify, { type Config } from 'dompurify';
import { withoutInlineScriptOrStyle } from './csp-quiet-html';
import { signing, trustedTypesPolicy, type SafeHtml } from './trusted-types';

export interface SanitizerOptions<C> {
  /** Elements kept; everything else is removed (its text is kept, script and style content is not). */
  tags: readonly string[];
  /** Attributes kept on those elements. `href`, when allowed, goes through `links`. */
  attributes: readonly string[];
  /**
   * What a link may point to: the final URL, or null to drop the href. Links that stay open in a
   * new tab with `rel="noopener noreferrer nofollow"`. `context` is what the caller passes along
   * (a blog's address to resolve relative links, say).
   */
  links?: (href: string | null, context: C) => string | null;
  /** Links open in a new tab (default). False for the page's own markup (dashboard posts), whose links stay in the page. */
  newTab?: boolean;
  /** Where an `img` or `iframe` (when allowed) may load from: the final URL, or null to drop the element. */
  sources?: (src: string | null, tag: 'img' | 'iframe') => string | null;
  /** Classes kept, per tag (every other class is dropped): `{ hr: ['read-more'] }`. Needs 'class' in `attributes`. */
  classes?: Readonly<Record<string, readonly string[]>>;
  /** Attributes set on every element of a tag after sanitising (an iframe's sandbox, say). */
  enforce?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Text formatting that most server HTML may keep. */
export const TEXT_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'br',
  'p',
  'span',
  'small',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
] as const;

export interface Sanitizer<C> {
  /** For an HTML sink (React's `dangerouslySetInnerHTML`): TrustedHTML where the browser has Trusted Types; '' when nothing is left. */
  trusted(html: string, context: C): SafeHtml;
  /** As nodes of this document, for code that inserts or reads them: no HTML sink involved. */
  fragment(html: string, context: C): DocumentFragment;
  /** As a string, for data that is saved or converted; never for a sink. */
  string(html: string, context: C): string;
}

export function createSanitizer<C = undefined>(options: SanitizerOptions<C>): Sanitizer<C> {
  let purifier: ReturnType<typeof createDOMPurify> | null = null;
  let current: C;
  const run = (html: string, context: C, output: Config): unknown => {
    if (!purifier) {
      purifier = createDOMPurify(window);
      purifier.addHook('afterSanitizeAttributes', (node) => {
        const tag = node.nodeName.toLowerCase();
        // Only a sanitiser that names its classes filters them (the page's own dashboard markup keeps its own).
        if (options.classes && node.hasAttribute('class')) {
          const kept = node
            .getAttribute('class')!
            .split(/\s+/)
            .filter((c) => options.classes?.[tag]?.includes(c));
          if (kept.length) node.setAttribute('class', kept.join(' '));
          else node.removeAttribute('class');
        }
        if ((tag === 'img' || tag === 'iframe') && options.sources) {
          const src = options.sources(node.getAttribute('src'), tag);
          if (src) node.setAttribute('src', src);
          else node.remove();
        }
        for (const [name, value] of Object.entries(options.enforce?.[tag] ?? {})) node.setAttribute(name, value);
        if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
        const href = options.links ? options.links(node.getAttribute('href'), current) : null;
        if (href) {
          node.setAttribute('href', href);
          if (options.newTab !== false) {
            node.setAttribute('target', '_blank');
            node.setAttribute('rel', 'noopener noreferrer nofollow');
          }
        } else {
          node.removeAttribute('href');
        }
      });
    }
    current = context;
    const policy = trustedTypesPolicy();
    const config: Config = {
      ALLOWED_TAGS: [...options.tags],
      ALLOWED_ATTR: [...options.attributes, ...Object.values(options.enforce ?? {}).flatMap((a) => Object.keys(a))],
      FORBID_TAGS: ['script', 'style', 'link'],
      ALLOW_DATA_ATTR: false,
      // iframes are only kept when the caller allows them (and its `sources` vouch for the address).
      ...(options.tags.includes('iframe') ? { ADD_TAGS: ['iframe'] } : {}),
      // DOMPurify parses the markup inertly through our policy too (no policy of its own to allow).
      ...(policy ? { TRUSTED_TYPES_POLICY: policy as NonNullable<Config['TRUSTED_TYPES_POLICY']> } : {}),
      ...output,
    };
    const target = purifier;
    return signing(() => {
      const sign = policy ? (markup: string) => policy.createHTML(markup) as unknown as string : (markup: string) => markup;
      return target.sanitize(withoutInlineScriptOrStyle(html, sign), config);
    });
  };
  return {
    trusted: (html, context) => {
      const safe = run(html, context, { RETURN_TRUSTED_TYPE: true }) as SafeHtml;
      // Nothing left is '' (falsy): a caller renders no box for it (`html && <div …>`), and never
      // puts it in a sink, where a page enforcing Trusted Types refuses even the empty string.
      return String(safe) === '' ? '' : safe;
    },
    fragment: (html, context) => run(html, context, { RETURN_DOM_FRAGMENT: true }) as DocumentFragment,
    string: (html, context) => String(run(html, context, { RETURN_TRUSTED_TYPE: false })),
  };
}
