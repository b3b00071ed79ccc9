/**
 * The reference server for a vitest file: `startTestServer()` makes a fresh app on its own seeded
 * database in a temporary folder, called in-process (no network). Start one per file in `beforeAll`
 * and close it in `afterAll`, so each file runs alone.
 *
 *   let req: TestServer['req'];
 *   let close: TestServer['close'];
 *   beforeAll(() => {
 *     ({ req, close } = startTestServer());
 *   });
 *   afterAll(() => close());
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type DemoApp } from './app';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A request's options, plus the `tl_session` cookie to send (`tl_session=bob`; none means alice). */
type RequestOptions = RequestInit & { cookie?: string };

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: Json | null;
}

export interface TestServer {
  app: DemoApp['app'];
  req(path: string, init?: RequestOptions): Promise<Answer>;
  /** The form key on `user`'s dashboard. */
  formKey(user?: string): Promise<string>;
  /** Closes the app and removes its data folder. */
  close(): void;
}

export function startTestServer(): TestServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'tumblelog-server-test-'));
  const demo = createApp({ dataDir });
  const req = async (path: string, init: RequestOptions = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('Cookie', init.cookie);
    const res = await demo.app.request(path, { ...init, headers });
    const text = await res.text();
    let json: Json | null;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    app: demo.app,
    req,
    formKey: async (user = 'alice') => formKeyOf((await req('/dashboard', { cookie: `tl_session=${user}` })).text),
    close() {
      demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A form POST with these fields. */
export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The same request as `user`, with that user's form key in the header. */
export const asUser = (user: string, key: string, init: RequestInit = {}): RequestOptions => ({
  ...init,
  cookie: `tl_session=${user}`,
  headers: { ...(init.headers as Record<string, string> | undefined), 'X-Tumblr-Form-Key': key },
});

/** The form key a page carries in its `<meta name="tumblr-form-key">`. */
export function formKeyOf(page: string): string {
  return /<meta name="tumblr-form-key" content="([0-9a-f]+)">/.exec(page)?.[1] ?? '';
}

/** The bootstrap JSON a page carries in its `<script id="tumblelog-bootstrap">`. */
export function bootstrapOf(page: string): Json | null {
  const m = /<script type="application\/json" id="tumblelog-bootstrap">([\s\S]*?)<\/script>/.exec(page);
  return m ? (JSON.parse(m[1]!) as Json) : null;
}

/** An attribute value as the page escaped it, back to text. */
export const decode = (attr: string) =>
  attr
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
