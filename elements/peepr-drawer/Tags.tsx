/**
 * A post's tags (messaging spec §9 "Tags"): beyond about 81 px of them the rest hide behind
 * 'see all tags'. A tag searches the blog for it.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export const TAGS_MAX_HEIGHT_PX = 81;

export function Tags({ tags, onTag }: { tags: string[]; onTag: (tag: string) => void }) {
  const ref = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollHeight > TAGS_MAX_HEIGHT_PX + 1);
    measure();
    // A frame later: a state change inside the observer's callback would resize within its loop.
    let frame = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, [tags]);

  const clamped = overflows && !expanded;
  return (
    <div className="tags">
      <ul ref={ref} className={`tags__list${clamped ? ' is-clamped' : ''}`} style={clamped ? { maxHeight: `${TAGS_MAX_HEIGHT_PX}px` } : undefined}>
        {tags.map((tag, i) => (
          <li key={`${i}:${tag}`}>
            <button type="button" className="tag" onClick={() => onTag(tag)} aria-label={`Search this blog for #${tag}`}>
              #{tag}
            </button>
          </li>
        ))}
      </ul>
      {clamped && (
        <button type="button" className="link-button tags__more" onClick={() => setExpanded(true)}>
          see all tags
        </button>
      )}
    </div>
  );
}
