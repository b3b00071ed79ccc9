/**
 * Confetti (messaging spec §9: 50 pieces, six colours, a 15 ms step between pieces): a burst from
 * the middle of the element it is placed in, drawn with the Web Animations API on plain spans, so
 * it needs no canvas, no worker and no inline style the CSP could refuse, and works in a shadow
 * root. Nothing at all under reduced motion. Decorative: hidden from assistive technology.
 */
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from './reduced-motion';
import { usePartStyles } from './use-part-styles';
import partCss from './confetti.css';

export const CONFETTI_PIECES = 50;
export const CONFETTI_STEP_MS = 15;
export const CONFETTI_COLOURS = ['#ff4930', '#ff8a00', '#ffd400', '#00cf35', '#00b8ff', '#7c5cff'] as const;

export function Confetti({ random = Math.random }: { random?: () => number }) {
  usePartStyles('confetti', partCss);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || prefersReducedMotion() || typeof box.animate !== 'function') return;
    const animations: Animation[] = [];
    for (let i = 0; i < CONFETTI_PIECES; i++) {
      const piece = document.createElement('span');
      piece.className = 'tl-confetti__piece';
      box.append(piece);
      const angle = random() * Math.PI * 2;
      const distance = 60 + random() * 110;
      const x = Math.cos(angle) * distance;
      const y = Math.sin(angle) * distance - 40;
      const spin = (random() - 0.5) * 720;
      const colour = CONFETTI_COLOURS[i % CONFETTI_COLOURS.length]!;
      animations.push(
        piece.animate(
          [
            { transform: 'translate(0, 0) rotate(0deg) scale(1)', opacity: 1, backgroundColor: colour },
            { transform: `translate(${x}px, ${y}px) rotate(${spin / 2}deg) scale(1)`, opacity: 1, backgroundColor: colour, offset: 0.55 },
            { transform: `translate(${x * 1.1}px, ${y + 90}px) rotate(${spin}deg) scale(0.6)`, opacity: 0, backgroundColor: colour },
          ],
          { duration: 1200 + random() * 500, delay: i * CONFETTI_STEP_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)', fill: 'both' },
        ),
      );
    }
    return () => {
      for (const a of animations) a.cancel();
      box.replaceChildren();
    };
  }, [random]);
  return <div ref={ref} className="tl-confetti" aria-hidden="true" />;
}
