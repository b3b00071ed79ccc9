/** The document shell every demo page uses: CSP-safe (no inline style/script), bootstrap data, loader. */
import { html, jsonForScript, raw, type SafeHtml } from './html';
import { TRUSTED_TYPES_POLICY_NAME } from '../../src/core/trusted-types';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The demo's Trusted Types mode: the same CSP, and every HTML and script-address sink takes only
 * a value signed by a policy, of which the page allows one, the package's. `DEMO_TRUSTED_TYPES=1`
 * turns it on for the whole server, the cookie `demo_trusted_types=1` for one browser (the e2e test).
 */
export const TRUSTED_TYPES_CSP = `${CSP}; require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY_NAME}`;

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': CSP,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

export const TRUSTED_TYPES_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...PAGE_HEADERS,
  'Content-Security-Policy': TRUSTED_TYPES_CSP,
};

export interface DocumentOptions {
  title: string;
  stylesheets: string[];
  /** Classic (non-module) page scripts under /static. */
  scripts?: string[];
  bodyClass?: string;
  bodyId?: string;
  body: SafeHtml;
  formKey: string;
  /** Serialised into #tumblelog-bootstrap. */
  bootstrap: unknown;
  /** Adds <script type="module" src="/dist/loader.js">. Default true. */
  loader?: boolean;
  description?: string;
}

export function renderDocument(o: DocumentOptions): string {
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
${o.description ? html`<meta name="description" content="${o.description}">` : ''}
<meta name="tumblr-form-key" content="${o.formKey}">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
${o.stylesheets.map((href) => html`<link rel="stylesheet" href="${href}">\n`)}
<script type="application/json" id="tumblelog-bootstrap">${raw(jsonForScript(o.bootstrap))}</script>
${o.loader === false ? '' : html`<script type="module" src="/dist/loader.js"></script>`}
${(o.scripts ?? []).map((src) => html`<script src="${src}" defer></script>\n`)}
</head>
<body${o.bodyId ? html` id="${o.bodyId}"` : ''}${o.bodyClass ? html` class="${o.bodyClass}"` : ''}>
${o.body}
</body>
</html>
`;
  return page.value;
}
