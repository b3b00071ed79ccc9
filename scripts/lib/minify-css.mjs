// Element stylesheets are shipped as minified strings. esbuild (already a dev dependency) does the
// minifying: a hand-written whitespace stripper turned `.a :is(.b)` into `.a:is(.b)`, which is a
// different selector, and nothing tested the shipped CSS (the browser tests load it as written).
import { transform } from 'esbuild';

/** The stylesheet minified, with the same meaning; throws on CSS esbuild cannot parse. */
export async function minifyCss(code, file = 'styles.css') {
  const { code: out, warnings } = await transform(code, { loader: 'css', minify: true, sourcefile: file, logLevel: 'silent' });
  if (warnings.length > 0) throw new Error(`${file}: ${warnings.map((w) => w.text).join('; ')}`);
  return out.trim();
}
