/**
 * Sessions and the form key (CSRF token).
 *  - cookie `tl_session` holds a user name; no cookie (or an unknown name) → `alice`;
 *    the value `anonymous` means logged out.
 *  - `?as=<user>` on any GET sets the cookie and redirects to the same URL without `as`.
 *  - form key = HMAC-SHA256(secret, user name), secret random per app instance.
 *  - every POST/PUT/PATCH/DELETE (except /__demo/*) must carry it in `X-Tumblr-Form-Key` or `form_key`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { BodyParseError, readBody } from './body';
import { E, fail } from './envelope';
import type { AppEnv, Deps, SessionInfo, UserRow } from './types';

export const SESSION_COOKIE = 'tl_session';
export const DEFAULT_USER = 'alice';
export const ANONYMOUS = 'anonymous';
export const FORM_KEY_HEADER = 'X-Tumblr-Form-Key';

export function formKeyFor(secret: Buffer, name: string): string {
  return createHmac('sha256', secret).update(name).digest('hex');
}

export function findUser(deps: Deps, name: string): UserRow | undefined {
  return deps.db.prepare('SELECT * FROM users WHERE name = ?').get(name) as UserRow | undefined;
}

export function userBlogs(deps: Deps, name: string): string[] {
  return (
    deps.db.prepare('SELECT blog_name FROM user_blogs WHERE user_name = ? ORDER BY is_primary DESC, position, blog_name').all(name) as {
      blog_name: string;
    }[]
  ).map((r) => r.blog_name);
}

export function resolveSession(deps: Deps, cookieValue: string | undefined): SessionInfo {
  const wanted = cookieValue === undefined || cookieValue === '' ? DEFAULT_USER : cookieValue;
  if (wanted === ANONYMOUS) {
    return { user: null, name: ANONYMOUS, primaryBlog: null, blogs: [], formKey: formKeyFor(deps.secret, ANONYMOUS) };
  }
  const user = findUser(deps, wanted) ?? findUser(deps, DEFAULT_USER);
  if (!user) return { user: null, name: ANONYMOUS, primaryBlog: null, blogs: [], formKey: formKeyFor(deps.secret, ANONYMOUS) };
  return {
    user,
    name: user.name,
    primaryBlog: user.primary_blog,
    blogs: userBlogs(deps, user.name),
    formKey: formKeyFor(deps.secret, user.name),
  };
}

function seededUserNames(deps: Deps): string[] {
  return (deps.db.prepare('SELECT name FROM users ORDER BY name').all() as { name: string }[]).map((r) => r.name);
}

/** Handles `?as=`, then resolves the session for the request. */
export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const as = url.searchParams.get('as');
    if (as !== null && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      if (as !== ANONYMOUS && !findUser(deps, as)) {
        return c.text(`Unknown user "${as}". Seeded users: ${[...seededUserNames(deps), ANONYMOUS].join(', ')}.`, 400);
      }
      setCookie(c, SESSION_COOKIE, as, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 86400 });
      url.searchParams.delete('as');
      const search = url.searchParams.toString();
      return c.redirect(`${url.pathname}${search ? `?${search}` : ''}`, 302);
    }
    c.set('session', resolveSession(deps, getCookie(c, SESSION_COOKIE)));
    await next();
  };
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Parses the body of unsafe requests and rejects those without the session's form key (403, code 1003). */
export function formKeyMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method) || c.req.path.startsWith('/__demo/')) return next();
    let body;
    try {
      body = await readBody(c);
    } catch (error) {
      if (error instanceof BodyParseError) return fail(c, 400, E.badRequest(error.message));
      throw error;
    }
    const expected = c.get('session').formKey;
    const candidates = [c.req.header(FORM_KEY_HEADER), Array.isArray(body.form_key) ? body.form_key[0] : body.form_key];
    if (!candidates.some((given) => typeof given === 'string' && given !== '' && sameKey(given, expected))) {
      return c.json({ meta: { status: 403, msg: 'Forbidden' }, errors: [E.invalidFormKey()] }, 403);
    }
    return next();
  };
}

/** Convenience for handlers: the session, or a 401 response when logged out. */
export function requireUser(
  c: Context<AppEnv>,
): { session: SessionInfo & { user: UserRow; primaryBlog: string } } | { response: Response } {
  const session = c.get('session');
  if (!session.user || !session.primaryBlog) return { response: fail(c, 401, E.loggedOut()) };
  return { session: session as SessionInfo & { user: UserRow; primaryBlog: string } };
}
