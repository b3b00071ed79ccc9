/**
 * `npm run docs`: the reference site as static files in docs-build/ (git-ignored), the same pages
 * /docs serves. First the drift check: scripts/contract.mjs --check fails when custom-elements.json
 * (which the element pages are generated from) differs from elements/<tag>/contract.ts.
 *
 *   docs-build/docs/index.html, docs-build/docs/{guides,elements}/<name>/index.html, docs-build/docs/static/*
 *   docs-build/dist/*   the built SDK when dist/ exists, so the live examples load
 *
 * Served from the root of a host (the pages use /docs/… and /dist/… addresses), the examples render
 * logged out; their calls need the reference server behind the same origin.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderDocument } from '../demo/pages/layout';
import { DOCS_SCRIPTS, DOCS_STATIC_DIR, DOCS_STYLESHEETS, SITE_ROOT, docsPages } from './site';

const OUT = join(SITE_ROOT, 'docs-build');

const drift = spawnSync(process.execPath, [join(SITE_ROOT, 'scripts', 'contract.mjs'), '--check'], { stdio: 'inherit' });
if (drift.status !== 0) {
  console.error('docs: the contracts and custom-elements.json differ; run `npm run contract` first.');
  process.exit(1);
}

rmSync(OUT, { recursive: true, force: true });
const pages = docsPages();
for (const page of pages) {
  const dir = join(OUT, page.path);
  mkdirSync(dir, { recursive: true });
  const document = renderDocument({
    title: page.title,
    stylesheets: DOCS_STYLESHEETS,
    scripts: page.live ? DOCS_SCRIPTS : [],
    body: page.body,
    bodyClass: 'docs_page',
    // A static page has no session: the elements render logged out, as on a stranger's page.
    formKey: '',
    bootstrap: { apiBase: '' },
  });
  writeFileSync(join(dir, 'index.html'), document);
}
cpSync(DOCS_STATIC_DIR, join(OUT, 'docs', 'static'), { recursive: true });
const dist = join(SITE_ROOT, 'dist');
if (existsSync(dist)) cpSync(dist, join(OUT, 'dist'), { recursive: true });
console.log(
  `docs: ${pages.length} pages in ${OUT}${existsSync(dist) ? ' (with dist/)' : ' (no dist/: run npm run build for live examples)'}`,
);
