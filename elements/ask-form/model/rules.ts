/**
 * Ask rules (messaging-and-browsing spec §3 Question, §4 Ask form, §5 Ask, §8, §9). No DOM, no React:
 * the question text rules, the counter, who may ask (anonymously), the server's answer, a throttle.
 */
import { MalformedResponse } from '../../../src/errors';

export const ASK_MAX_LENGTH = 500; // spec §9: limit 500
export const ASK_COUNTER_SHOW_AT = 100; // spec §9: counter shows when 100 or fewer remain
export const ASK_COUNTER_WARNING_AT = 40; // spec §5: ok above 40, warning 21 to 40
export const ASK_COUNTER_DANGER_AT = 20; // spec §5: danger 20 or less
export const ASK_THROTTLE_MS = 100; // spec §9: throttle 100 ms (counter and validation updates while typing)

export const ASK_EMPTY_ERROR = 'You need to enter a question!';
export const ASK_LINK_ERROR = "Sorry, but please don't include links in questions.";

/**
 * Top-level domains counted as "a word followed by a common top-level domain". Two-letter
 * domains that are also everyday English words (to, in, it, is, me, us, no, at, be, am, so, my)
 * are left out on purpose: "Done.It was fun" is a typo, not a link.
 */
export const LINK_TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'co',
  'ly',
  'tv',
  'gov',
  'edu',
  'uk',
  'ca',
  'de',
  'fr',
  'jp',
  'ru',
  'cn',
  'au',
  'nl',
  'es',
  'ch',
  'se',
  'br',
  'xyz',
  'app',
  'dev',
  'gg',
  'fm',
  'tk',
  'cc',
  'site',
  'online',
  'club',
  'shop',
] as const;

const SCHEME_RE = /\bhttps?:\/\//i;
const WWW_RE = /(^|[^a-z0-9])www\./i;
// A word character right before the dot (so "wait...com on" is not a link) and no letter or
// digit right after the domain ending ("3.common" is not a link).
const DOMAIN_RE = new RegExp(`[a-z0-9][a-z0-9-]*\\.(?:${LINK_TLDS.join('|')})(?![a-z0-9])`, 'i');

/** True when the text contains a link: http(s)://, www., or a word followed by a common TLD. */
export function containsLink(text: string): boolean {
  return SCHEME_RE.test(text) || WWW_RE.test(text) || DOMAIN_RE.test(text);
}

/**
 * Newlines are stripped (spec §5). A line break between two words becomes one space so the
 * words do not run together; leading/trailing spaces around the break collapse into it.
 */
export function stripNewlines(text: string): string {
  return text.replace(/[ \t]*(?:\r\n|\r|\n)+[ \t]*/g, ' ');
}

/** What the text box keeps of an input or paste: no newlines, at most 500 characters. */
export function normalizeQuestion(raw: string): string {
  const text = stripNewlines(raw);
  return text.length > ASK_MAX_LENGTH ? text.slice(0, ASK_MAX_LENGTH) : text;
}

/** The validation message for a question, or null when it may be sent. */
export function validateQuestion(text: string): string | null {
  const trimmed = stripNewlines(text).trim();
  if (trimmed === '') return ASK_EMPTY_ERROR;
  if (containsLink(trimmed)) return ASK_LINK_ERROR;
  if (trimmed.length > ASK_MAX_LENGTH) return `Questions can be at most ${ASK_MAX_LENGTH} characters.`;
  return null;
}

/** Submit is enabled only when the trimmed length is 1 to 500 (spec §5). */
export function canSubmitQuestion(text: string): boolean {
  const length = stripNewlines(text).trim().length;
  return length >= 1 && length <= ASK_MAX_LENGTH;
}

export type CounterLevel = 'ok' | 'warning' | 'danger';

/** The counter: hidden (null) while more than 100 remain; ok above 40, warning 21–40, danger ≤ 20. */
export function questionCounter(text: string): { remaining: number; level: CounterLevel } | null {
  const remaining = ASK_MAX_LENGTH - text.length;
  if (remaining > ASK_COUNTER_SHOW_AT) return null;
  const level: CounterLevel = remaining > ASK_COUNTER_WARNING_AT ? 'ok' : remaining > ASK_COUNTER_DANGER_AT ? 'warning' : 'danger';
  return { remaining, level };
}

/**
 * Who may ask this blog, and how (spec §5: anonymous only if the recipient allows anonymous
 * asks; logged-out visitors can only ask anonymously):
 * - `closed`: the blog does not take questions;
 * - `login`: logged out and the blog does not take anonymous questions;
 * - `anonymous-only`: logged out, the question goes anonymously;
 * - `choice`: logged in, the asker may tick "Ask anonymously";
 * - `named`: logged in, anonymous asks are off.
 */
export type AskAccess = 'closed' | 'login' | 'anonymous-only' | 'choice' | 'named';

export function askAccess(blog: { asks: boolean; anonymous_asks: boolean }, loggedIn: boolean): AskAccess {
  if (!blog.asks) return 'closed';
  if (!loggedIn) return blog.anonymous_asks ? 'anonymous-only' : 'login';
  return blog.anonymous_asks ? 'choice' : 'named';
}

/** The `anonymous` value actually sent for an access level and the checkbox. */
export function sendAnonymously(access: AskAccess, ticked: boolean): boolean {
  return access === 'anonymous-only' || (access === 'choice' && ticked);
}

/**
 * Reads the /svc/post/ask answer (spec §7: "response may contain an errors list (first is
 * shown), else success"). Error items may be strings or {title, detail, message} objects.
 */
export function parseAskResponse(data: unknown): { errors: string[] } {
  if (data === undefined || data === null || typeof data !== 'object') throw new MalformedResponse('Ask response is not an object');
  const raw = (data as Record<string, unknown>).errors;
  if (raw === undefined || raw === null) return { errors: [] };
  if (!Array.isArray(raw)) throw new MalformedResponse('Ask response errors is not a list');
  const errors = raw.flatMap((e): string[] => {
    if (typeof e === 'string') return e.trim() ? [e] : [];
    if (typeof e !== 'object' || e === null) return [];
    const r = e as Record<string, unknown>;
    const text = [r.detail, r.message, r.title].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    return text ? [text] : [];
  });
  return { errors };
}
