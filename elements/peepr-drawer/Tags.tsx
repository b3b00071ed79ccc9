/**
 * A post's tags (messaging spec §9 "Tags"): beyond about 81 px of them the rest hide behind
 * 'see all tags'. A tag searches the blog for it.
 */
import { useRef, useState } from 'react';
import { useMeasureOnResize } from './use-measure-on-resize';

export const TAGS_MAX_HEIGHT_PX = 81;

export function Tags({ tags, onTag }: { tags: string[]; onTag: (tag: string) => void }) {
  const ref = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(false);
  /** How many tags fit within the clamp: the rest are inert while clamped (out of the tab order). */
  const [fitting, setFitting] = useState(tags.length);
  const [expanded, setExpanded] = useState(false);

  useMeasureOnResize(
    () => (ref.current ? [ref.current] : []),
    () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      setOverflows(el.scrollHeight > TAGS_MAX_HEIGHT_PX + 1);
      setFitting(Array.from(el.children).filter((item) => item.getBoundingClientRect().bottom - top <= TAGS_MAX_HEIGHT_PX + 1).length);
    },
    [tags],
  );

  const clamped = overflows && !expanded;
  return (
    <div className="tags">
      <ul
        ref={ref}
        className={`tags__list${clamped ? ' is-clamped' : ''}`}
        style={clamped ? { maxHeight: `${TAGS_MAX_HEIGHT_PX}px` } : undefined}
      >
        {tags.map((tag, i) => (
          <li key={`${i}:${tag}`} inert={clamped && i >= fitting}>
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
