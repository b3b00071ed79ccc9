/**
 * A text message with its links (src/messaging/model/message-links.ts). Every piece of the text is
 * a text node, never HTML; every address passes the URL policy (one that does not stays plain
 * text). A blog or a post opens in the blog drawer (`data-peepr`, as on any page), an address in a
 * new tab, a "message this blog" link the conversation with it.
 */
import { textPieces, type MessageLink } from '../../src/messaging/model/message-links';
import { safeLinkUrl } from '../../src/models/urls';
import { openByBlogName } from './state/windows';
import { isPlainClick } from '../../src/core/plain-click';

function LinkPiece({ link, text }: { link: MessageLink; text: string }) {
  if (link.messagingBlogName) {
    const name = link.messagingBlogName;
    return (
      <a
        href={`/messaging/conversation/${encodeURIComponent(name)}`}
        className="bubble__link"
        onClick={(event) => {
          if (!isPlainClick(event.nativeEvent)) return;
          event.preventDefault();
          void openByBlogName(name);
        }}
      >
        {text}
      </a>
    );
  }
  if (link.blogName) {
    const blog = encodeURIComponent(link.blogName);
    const href = safeLinkUrl(link.url) ?? (link.postId ? `/blog/${blog}/post/${link.postId}` : `/blog/${blog}`);
    const mark = link.postId ? JSON.stringify({ blogName: link.blogName, postId: link.postId }) : link.blogName;
    return (
      <a href={href} className="bubble__link" data-peepr={mark}>
        {text}
      </a>
    );
  }
  const href = safeLinkUrl(link.url);
  if (!href) return <>{text}</>;
  return (
    <a href={href} className="bubble__link" target="_blank" rel="noopener noreferrer ugc">
      {text}
    </a>
  );
}

export function MessageText({ text, links }: { text: string; links: readonly MessageLink[] | undefined }) {
  if (!links?.length) return <>{text}</>;
  return (
    <>
      {textPieces(text, links).map((piece, i) =>
        piece.link ? <LinkPiece key={i} link={piece.link} text={piece.text} /> : <span key={i}>{piece.text}</span>,
      )}
    </>
  );
}
