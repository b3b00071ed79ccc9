/**
 * One constructable stylesheet per element type, shared by every instance and
 * adopted by each shadow root. Constructable sheets are not inline styles, so
 * a strict Content-Security-Policy without 'unsafe-inline' leaves them alone.
 */
import baseCss from './base.css';

const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(key: string, css: string): CSSStyleSheet {
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(key, sheet);
  }
  return sheet;
}

export function adoptStyles(root: ShadowRoot, tag: string, css: string | undefined): void {
  const adopted = [sheetFor('tl-base', baseCss)];
  if (css) adopted.push(sheetFor(tag, css));
  root.adoptedStyleSheets = adopted;
}
