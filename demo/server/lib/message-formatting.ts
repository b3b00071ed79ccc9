/**
 * The formatting the reference server gives a text message (messaging spec §3 Message,
 * `content.formatting`): its links. Web addresses are links (an address of a post or a blog on this
 * site says which, with `blog_name` and `post_id`; one of a conversation page with
 * `messaging_blog_name`), and so is an @mention of a blog that exists. Offsets count UTF-16 code
 * units, as the client's strings do.
 */
export interface Formatting {
  type: 'LINK';
  position: { start: number; end: number };
  attributes: { url?: string; blog_name?: string; post_id?: string; messaging_blog_name?: string };
}

const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
const MENTION = /(^|[^\w@/.-])@([a-z0-9][a-z0-9-]{0,63})\b/gi;

/** What an address on this site points at. */
function siteTarget(url: URL): Formatting['attributes'] {
  const post = /^\/blog\/([a-z0-9][a-z0-9-]{0,63})\/post\/(\d{1,20})(?:\/|$)/i.exec(url.pathname);
  if (post) return { blog_name: post[1]!, post_id: post[2]! };
  const blog = /^\/blog\/([a-z0-9][a-z0-9-]{0,63})\/?$/i.exec(url.pathname);
  if (blog) return { blog_name: blog[1]! };
  const conversation = /^\/messaging\/conversation\/([a-z0-9][a-z0-9-]{0,63})\/?$/i.exec(url.pathname);
  if (conversation) return { messaging_blog_name: conversation[1]! };
  return {};
}

export function messageFormatting(text: string, origin: string, blogExists: (name: string) => boolean): Formatting[] {
  const out: Formatting[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    // sentence punctuation after an address is not part of it
    const address = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      continue;
    }
    const site = url.origin === origin ? siteTarget(url) : {};
    out.push({ type: 'LINK', position: { start, end: start + address.length }, attributes: { url: address, ...site } });
  }
  for (const match of text.matchAll(MENTION)) {
    const name = match[2]!;
    if (!blogExists(name)) continue;
    const start = match.index + match[1]!.length;
    const end = start + 1 + name.length;
    if (out.some((f) => f.position.start < end && start < f.position.end)) continue;
    out.push({
      type: 'LINK',
      position: { start, end },
      attributes: { blog_name: name.toLowerCase(), url: `${origin}/blog/${name.toLowerCase()}` },
    });
  }
  return out.sort((a, b) => a.position.start - b.position.start);
}
