/** Spec §2 the conversation intro card (icebreakers), loaded on first use (see MessageList). */
import { useMemo, type CSSProperties } from 'react';
import type { Participant } from '../../src/messaging/model/conversation';
import { introColours, introContent } from './model/icebreakers';
import { sanitizeBlogDescription } from '../../src/core/blog-description';
import { safeImageUrl, safeLinkUrl } from '../../src/models/urls';
import { Avatar } from '../../src/ui/Avatar';

/** Spec §2 Conversation intro card (icebreakers), in the blog's colours. */
export default function IntroCard({ participant: p, isNew }: { participant: Participant; isNew: boolean }) {
  const colours = introColours(p.theme);
  const content = introContent(p, isNew);
  const href = safeLinkUrl(p.url) ?? `/blog/${encodeURIComponent(p.name)}`;
  const header = p.theme?.show_header_image === false ? undefined : safeImageUrl(p.theme?.header_image_focused);
  const description = useMemo(
    () => (content.description ? sanitizeBlogDescription.trusted(p.description ?? '', href) : ''),
    [content.description, p.description, href],
  );
  const style = { '--intro-bg': colours.background, '--intro-fg': colours.text, '--intro-link': colours.link } as CSSProperties;
  return (
    <section className="intro" part="intro-card" style={style} aria-label={`About ${p.name}`}>
      {header && <img className="intro__header" src={header} alt="" loading="lazy" decoding="async" />}
      <div className="intro__body">
        <Avatar name={p.name} size={48} avatar_url={p.avatar_url} shape={p.avatar_shape ?? p.theme?.avatar_shape} decorative />
        <a className="intro__name" href={href} target="_blank" rel="noopener">
          {p.name}
        </a>
        {p.title && p.title !== p.name && <p className="intro__title">{p.title}</p>}
        {description && <div className="intro__description" part="intro-description" dangerouslySetInnerHTML={{ __html: description }} />}
        {content.relationship && (
          <p className="intro__relationship" part="intro-relationship">
            {content.relationship}
          </p>
        )}
        {content.tags.length > 0 && (
          <p className="intro__tags" part="intro-tags">
            {content.tags.map((tag) => (
              <a key={tag} href={`/tagged/${encodeURIComponent(tag)}`} target="_blank" rel="noopener">
                #{tag}
              </a>
            ))}
          </p>
        )}
      </div>
    </section>
  );
}
