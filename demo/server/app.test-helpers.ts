/**
 * The reference server for a vitest file: a fresh app on its own seeded database in a temporary
 * folder, called in-process (no network), started before the file's tests and closed after them,
 * so each file runs alone:
 *
 *   const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });
 *   it('…', async () => expect((await req('/svc/…', form({ form_key: keyOf('alice') }))).status).toBe(200));
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type DemoApp } from './app';
import type { Db } from './db/index';

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
  /** The app's database, for tests that check what was (not) stored. */
  db: DemoApp['db'];
  /** The app's data folder (demo.sqlite, uploads, generated media). */
  dataDir: string;
  req(path: string, init?: RequestOptions): Promise<Answer>;
  /** The form key on `user`'s dashboard. */
  formKey(user?: string): Promise<string>;
  /** Closes the app and removes its data folder. */
  close(): void;
}

/**
 * The calling file's server: started in a `beforeAll` (which also reads the form keys of
 * `formKeysOf`), closed in an `afterAll`. Its functions work inside tests and hooks that run after.
 */
export function useTestServer(options: { formKeysOf?: string[] } = {}) {
  let server: TestServer | undefined;
  const keys = new Map<string, string>();
  beforeAll(async () => {
    server = startTestServer();
    for (const user of options.formKeysOf ?? []) keys.set(user, await server.formKey(user));
  });
  afterAll(() => server?.close());
  const current = (): TestServer => {
    if (!server) throw new Error('useTestServer(): the server starts in beforeAll');
    return server;
  };
  return {
    req: (path: string, init?: RequestOptions) => current().req(path, init),
    formKey: (user?: string) => current().formKey(user),
    app: (): DemoApp['app'] => current().app,
    db: (): Db => current().db,
    dataDir: (): string => current().dataDir,
    /** The form key of a user named in `formKeysOf`. */
    keyOf(user: string): string {
      const key = keys.get(user);
      if (key === undefined) throw new Error(`useTestServer(): ${user} is not in formKeysOf`);
      return key;
    },
  };
}

function startTestServer(): TestServer {
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
    db: demo.db,
    dataDir,
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
