/**
 * The plain-text editor (authoring spec §2, §5; elements/post-composer/model/plain-text.ts): a textarea that grows
 * with its text from `rows` lines up to 60% of the window, then scrolls inside. While the user
 * types at its end, the form's scrolling container follows, so the line being typed never slips
 * under the form's bottom edge. A paste stays plain text (a textarea holds nothing else).
 *
 * Heights go through the CSSOM (`el.style.height`), which a strict style-src allows.
 */
import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import { plainTextHeight, readShift, shiftToReveal } from '../model/plain-text';
import { scrollerOf } from './scroller';

/** The tallest the field grows, as a share of the window's height. */
export const PLAIN_TEXT_MAX_VIEWPORT = 0.6;

type PlainTextEditorProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  rows: number;
};

export function PlainTextEditor({ value, onChange, rows, className, ...rest }: PlainTextEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = el.offsetHeight;
    const style = getComputedStyle(el);
    const frame = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.45;
    el.style.height = 'auto';
    const { height, overflow } = plainTextHeight(
      el.scrollHeight + frame,
      rows * line + padding + frame,
      window.innerHeight * PLAIN_TEXT_MAX_VIEWPORT,
    );
    el.style.height = `${height}px`;
    el.style.overflowY = overflow ? 'auto' : 'hidden';
    // Typing at the end of a field that just grew: bring its new bottom into the scroller's view.
    const focused = (el.getRootNode() as ShadowRoot | Document).activeElement === el;
    if (height > before && focused && el.selectionEnd === el.value.length) {
      const scroller = scrollerOf(el.parentElement);
      const viewBottom = scroller ? scroller.getBoundingClientRect().bottom : window.innerHeight;
      const { x, y } = readShift(shiftToReveal(el.getBoundingClientRect().bottom, viewBottom));
      if (y > 0) (scroller ?? document.scrollingElement)?.scrollBy(x, y);
    }
  }, [value, rows]);

  return (
    <textarea
      {...rest}
      ref={ref}
      rows={rows}
      className={`${className ?? 'field__control field__control--area'} plain-text`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
