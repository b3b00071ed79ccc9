/**
 * The reference server: a Hono app on an embedded SQLite database. No global state, no listening:
 * main.ts serves it; the browser test runner mounts it in-process.
 *
 *   const { app, db, close } = createApp({ dataDir: '.data' });
 */
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { openDatabase, type Db } from './db/index';
import type { SeedMode } from './db/xss-seed';
import { bodyLimitMiddleware, type BodyCap } from './lib/body-limit';
import { E, errorBody } from './lib/envelope';
import { FaultStore, faultMiddleware } from './lib/faults';
import { formKeyMiddleware, sessionMiddleware } from './lib/session';
import type { AppEnv, Deps } from './lib/types';
import { PollCounter } from './lib/poll-counter';
import { activityRoutes } from './routes/activity';
import { askRoutes } from './routes/ask';
import { assetRoutes } from './routes/assets';
import { blockRoutes } from './routes/block';
import { blogPageRoutes } from './routes/blog-pages';
import { blogRoutes } from './routes/blogs';
import { demoRoutes } from './routes/demo';
import { docsRoutes } from './routes/docs';
import { followRoutes } from './routes/follow';
import { gifSearchRoutes } from './routes/gif-search';
import { helpRoutes } from './routes/help';
import { indashRoutes } from './routes/indash';
import { logRoutes } from './routes/log';
import { mediaRoutes } from './routes/media';
import { TOO_BIG, UPLOAD_LIMITS, uploadRoutes } from './routes/upload';
import { videoEmbedRoutes } from './routes/video-embed';
import { IMAGE_MAX_BYTES, messagingRoutes } from './routes/messaging';
import { pageRoutes, sendNotFound } from './routes/pages';
import { postActionRoutes } from './routes/post-actions';
import { postRoutes } from './routes/posts';
import { searchRoutes } from './routes/search';
import { settingsRoutes } from './routes/settings';
import { shareRoutes } from './routes/share';
import { staffRoutes } from './routes/staff';
import { staticRoutes } from './routes/static';

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(HERE, '..', '..');

export interface CreateAppOptions {
  /** Where demo.sqlite (and later uploads) live. Created if missing. */
  dataDir: string;
  /** The built SDK served at /dist. Default: <repo>/dist. */
  distDir?: string;
  /** The seed a new database (and POST /__demo/reset without a body) gets: db/xss-seed.ts for 'xss'. Default: 'default'. */
  seed?: SeedMode;
}

export interface DemoApp {
  app: Hono<AppEnv>;
  db: Db;
  deps: Deps;
  close(): void;
}

/** Route modules, one per service area. Pages come last (they own the catch-all-ish /blog/:name). */
const ROUTE_MODULES: ReadonlyArray<(deps: Deps) => Hono<AppEnv>> = [
  demoRoutes,
  blogRoutes,
  followRoutes,
  blockRoutes,
  staffRoutes,
  settingsRoutes,
  askRoutes,
  postActionRoutes,
  postRoutes,
  indashRoutes,
  shareRoutes,
  gifSearchRoutes,
  mediaRoutes,
  uploadRoutes,
  activityRoutes,
  messagingRoutes,
  logRoutes,
  assetRoutes,
  staticRoutes,
  blogPageRoutes,
  searchRoutes,
  videoEmbedRoutes,
  helpRoutes,
  docsRoutes,
  pageRoutes,
];

const isApiPath = (path: string) =>
  path.startsWith('/svc/') ||
  path.startsWith('/services/') ||
  path.startsWith('/__demo/') ||
  /^\/(fast_reblog|publish|queue|answer|deny_submission|approve_submission|spam|nsfw|adult|uniblock|suspended)(\/|$)/.test(path) ||
  path === '/settings/save';

/** Any body but an upload's: the largest the elements send (a long post, 200 log records) is far smaller. */
export const MAX_BODY_BYTES = 1_048_576;
/** Room for a multipart envelope (boundaries, the form key, other fields) around an upload's file. */
const MULTIPART_SLACK = 65_536;

/** How big a request's body may be: an upload route's file limit (plus its envelope), else 1 MB. */
function bodyCap(c: Context<AppEnv>): BodyCap {
  const upload = /^\/svc\/post\/upload\/(photo|audio|video)$/.exec(c.req.path)?.[1] as keyof typeof UPLOAD_LIMITS | undefined;
  if (upload) return { maxBytes: UPLOAD_LIMITS[upload] + MULTIPART_SLACK, msg: TOO_BIG, detail: TOO_BIG };
  if (c.req.path === '/svc/conversations/messages') {
    return { maxBytes: IMAGE_MAX_BYTES + MULTIPART_SLACK, msg: 'Payload Too Large', detail: 'Image must be smaller than 10MB' };
  }
  return { maxBytes: MAX_BODY_BYTES, msg: 'Payload Too Large', detail: 'The request body is over 1 MB.' };
}

export function createApp(options: CreateAppOptions): DemoApp {
  const dataDir = resolve(options.dataDir);
  const seedMode = options.seed ?? 'default';
  const db = openDatabase(dataDir, seedMode);
  const deps: Deps = {
    db,
    seedMode,
    dataDir,
    distDir: resolve(options.distDir ?? join(REPO_ROOT, 'dist')),
    staticDir: join(REPO_ROOT, 'demo', 'pages', 'static'),
    faults: new FaultStore(),
    polls: new PollCounter(),
    secret: randomBytes(32),
    onReset: new Set(),
    onClose: new Set(),
  };

  const app = new Hono<AppEnv>();
  app.use('*', faultMiddleware(deps.faults));
  app.use('*', sessionMiddleware(deps));
  app.use('*', bodyLimitMiddleware(bodyCap));
  app.use('*', formKeyMiddleware());
  for (const routes of ROUTE_MODULES) app.route('/', routes(deps));

  app.notFound((c) => {
    const path = c.req.path;
    if (isApiPath(path)) return c.json(errorBody(404, E.notFound(`No route for ${c.req.method} ${path}.`)), 404);
    if (path.startsWith('/dist/') || path.startsWith('/static/') || path.startsWith('/assets/') || c.req.method !== 'GET') {
      return c.text('Not found', 404);
    }
    return sendNotFound(c, deps);
  });

  app.onError((error, c) => {
    console.error(`[demo] ${c.req.method} ${c.req.path} failed:`, error);
    if (isApiPath(c.req.path)) return c.json(errorBody(500, E.server(error instanceof Error ? error.message : String(error))), 500);
    return c.text('Internal Server Error', 500);
  });

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    deps.faults.releaseAll();
    for (const fn of deps.onClose) {
      try {
        fn();
      } catch (error) {
        console.error('[demo] close hook failed:', error);
      }
    }
    db.close();
  };

  return { app, db, deps, close };
}
