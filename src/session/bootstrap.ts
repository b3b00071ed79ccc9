/**
 * Reads what a server-rendered page tells us about the visitor. Every field is
 * checked: a page with broken bootstrap data still gets working (logged-out)
 * elements and one console warning saying what was wrong (README, "Session").
 */
import type { Session, SessionChannel, SessionUser } from './types';
import { isRecord } from '../models/record';

export const BOOTSTRAP_ID = 'tumblelog-bootstrap';
export const FORM_KEY_META = 'tumblr-form-key';

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, v) : 0);
const bool = (v: unknown, fallback = false): boolean => (typeof v === 'boolean' ? v : fallback);

export function normalizeUser(raw: unknown): SessionUser | null {
  if (!isRecord(raw) || typeof raw.name !== 'string' || raw.name === '') return null;
  return {
    name: raw.name,
    primary: str(raw.primary, raw.name),
    liked_post_count: num(raw.liked_post_count),
    friend_count: num(raw.friend_count),
    can_message: bool(raw.can_message),
    is_sounds_enabled: bool(raw.is_sounds_enabled, true),
    is_verified_email: bool(raw.is_verified_email),
    language: str(raw.language, 'en_US'),
    ...(typeof raw.polling_token === 'string' ? { polling_token: raw.polling_token } : {}),
    ...(typeof raw.messaging_tutorial_seen === 'boolean' ? { messaging_tutorial_seen: raw.messaging_tutorial_seen } : {}),
    ...(typeof raw.safe_mode === 'boolean' ? { safe_mode: raw.safe_mode } : {}),
    // Only a real `true` makes a staff member: anything else (a string, 1) is not staff.
    ...(raw.is_staff === true ? { is_staff: true } : {}),
  };
}

export function normalizeChannels(raw: unknown): SessionChannel[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((c): c is Record<string, unknown> => isRecord(c) && typeof c.name === 'string' && c.name !== '')
    .map((c) => ({
      // A `"__proto__"` key stays out: spread elsewhere into an assignment, it would set a prototype.
      ...Object.fromEntries(Object.entries(c).filter(([key]) => key !== '__proto__')),
      name: c.name as string,
      uuid: str(c.uuid),
      unread_count: num(c.unread_count),
    }));
}

/**
 * Turns untrusted input (bootstrap JSON or a configure() call) into session fields. What it drops
 * (a field of the wrong type, a channel without a name, a non-boolean flag, a `__proto__` key) is
 * named in `dropped`.
 */
export function normalizeSessionInput(raw: unknown, dropped: string[] = []): Partial<Session> {
  if (!isRecord(raw)) {
    dropped.push('everything (not a JSON object)');
    return {};
  }
  const out: Partial<Session> = {};
  // JSON.parse keeps `"__proto__"` as an own key (nothing is polluted); it is never a field.
  if (Object.prototype.hasOwnProperty.call(raw, '__proto__')) dropped.push('__proto__');
  if ('user' in raw) {
    out.user = normalizeUser(raw.user);
    if (out.user === null && raw.user !== null) dropped.push('user');
  }
  if ('channels' in raw) {
    out.channels = normalizeChannels(raw.channels);
    if (!Array.isArray(raw.channels) || out.channels.length !== raw.channels.length) dropped.push('channels');
  }
  if (isRecord(raw.flags)) {
    const flags = Object.entries(raw.flags).filter(([name, v]) => typeof v === 'boolean' && name !== '__proto__');
    if (flags.length !== Object.keys(raw.flags).length) dropped.push('flags');
    out.flags = Object.fromEntries(flags) as Session['flags'];
  } else if ('flags' in raw) dropped.push('flags');
  if (typeof raw.apiBase === 'string') out.apiBase = raw.apiBase.replace(/\/+$/, '');
  else if ('apiBase' in raw) dropped.push('apiBase');
  if (isRecord(raw.config)) out.config = raw.config;
  else if ('config' in raw) dropped.push('config');
  if (typeof raw.formKey === 'string') out.formKey = raw.formKey;
  else if ('formKey' in raw) dropped.push('formKey');
  if (typeof raw.currentChannel === 'string') out.currentChannel = raw.currentChannel;
  else if ('currentChannel' in raw && raw.currentChannel !== null) dropped.push('currentChannel');
  return out;
}

export function readBootstrap(doc: Document): Partial<Session> {
  const result: Partial<Session> = {};
  const script = doc.getElementById(BOOTSTRAP_ID);
  // No bootstrap at all says nothing (a page may configure() from code instead): elements run logged out.
  if (script?.textContent) {
    let raw: unknown;
    try {
      raw = JSON.parse(script.textContent) as unknown;
    } catch (error) {
      console.warn(`[tumblelog] #${BOOTSTRAP_ID} is not valid JSON; elements run logged out.`, error);
    }
    if (raw !== undefined) {
      const dropped: string[] = [];
      Object.assign(result, normalizeSessionInput(raw, dropped));
      if (dropped.length > 0) {
        console.warn(
          `[tumblelog] #${BOOTSTRAP_ID}: ignored ${dropped.join(', ')} (wrong type or not allowed); ${result.user ? 'the rest is used' : 'elements run logged out'}.`,
        );
      }
    }
  }
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${FORM_KEY_META}"]`);
  if (meta?.content) result.formKey = meta.content;
  return result;
}
