/**
 * The photo carousel (messaging spec §4 "Carousel"): one photo at a time, moved item by item with
 * its buttons or the arrow keys; past either end only a peek (a short nudge that shows there is
 * nothing more); one peek on its own the first time it is fully in view, to show that it moves.
 * No animation under reduced motion.
 */
import { useEffect, useRef, useState } from 'react';
import { photoSizeFor, type DrawerPhoto } from './model/rules';
import { safeImageUrl } from '../../src/models/urls';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';

/** How far a peek nudges the strip, as a share of one photo's width. */
const PEEK_SHARE = 0.12;
const PEEK_MS = 420;

export function Carousel({ photos, label }: { photos: DrawerPhoto[]; label: string }) {
  const [index, setIndex] = useState(0);
  /** The index now, for presses that come faster than renders. */
  const indexRef = useRef(0);
  const stripRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const peeked = useRef(false);

  /** Nudges toward `direction` (+1 next, -1 previous) and back; data-peek marks it for tests and styles. */
  const peek = (direction: 1 | -1) => {
    const strip = stripRef.current;
    const root = rootRef.current;
    if (!strip || !root) return;
    root.dataset.peek = direction > 0 ? 'next' : 'previous';
    const done = () => {
      delete root.dataset.peek;
    };
    if (prefersReducedMotion() || typeof strip.animate !== 'function') {
      done();
      return;
    }
    const base = -indexRef.current * 100;
    const nudge = base - direction * PEEK_SHARE * 100;
    strip
      .animate([{ transform: `translateX(${base}%)` }, { transform: `translateX(${nudge}%)` }, { transform: `translateX(${base}%)` }], {
        duration: PEEK_MS,
        easing: 'ease-in-out',
      })
      .finished.then(done, done);
  };

  const go = (direction: 1 | -1) => {
    const next = indexRef.current + direction;
    if (next < 0 || next >= photos.length) peek(direction);
    else {
      indexRef.current = next;
      setIndex(next);
    }
  };

  // One peek on its own, the first time the whole carousel is in view.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (peeked.current || !entries.some((e) => e.intersectionRatio >= 0.99)) return;
        peeked.current = true;
        root.dataset.autoPeeked = '';
        io.disconnect();
        peek(1);
      },
      { threshold: [0.99, 1] },
    );
    io.observe(root);
    return () => io.disconnect();
    // Once per carousel.
  }, []);

  return (
    <div
      ref={rootRef}
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') {
          e.preventDefault();
          e.stopPropagation();
          go(1);
        } else if (e.key === 'ArrowLeft') {
          e.preventDefault();
          e.stopPropagation();
          go(-1);
        }
      }}
    >
      <div className="carousel__viewport">
        <div ref={stripRef} className="carousel__strip" style={{ transform: `translateX(${-index * 100}%)` }}>
          {photos.map((p, i) => {
            const size = photoSizeFor(p, 540);
            const src = safeImageUrl(size.url);
            return (
              <figure
                key={i}
                className="carousel__item"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${photos.length}`}
                aria-hidden={i !== index}
                inert={i !== index}
              >
                {src && (
                  <img src={src} alt={p.alt || p.caption || ''} width={size.width || 540} height={size.height || 405} loading="lazy" />
                )}
                {p.caption && <figcaption>{p.caption}</figcaption>}
              </figure>
            );
          })}
        </div>
      </div>
      <div className="carousel__controls">
        <button type="button" className="carousel__button" aria-label="Previous photo" onClick={() => go(-1)}>
          ‹
        </button>
        <span className="carousel__count" aria-live="polite">
          {index + 1} / {photos.length}
        </span>
        <button type="button" className="carousel__button" aria-label="Next photo" onClick={() => go(1)}>
          ›
        </button>
      </div>
    </div>
  );
}
