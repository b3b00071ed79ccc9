/**
 * Reads what a server-rendered page tells us about the visitor. Every field is
 * checked: a page with broken bootstrap data still gets working (logged-out)
 * elements and a console error saying what was wrong.
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
      ...(c as object),
      name: c.name as string,
      uuid: str(c.uuid),
      unread_count: num(c.unread_count),
    }));
}

/** Turns untrusted input (bootstrap JSON or a configure() call) into session fields. */
export function normalizeSessionInput(raw: unknown): Partial<Session> {
  if (!isRecord(raw)) return {};
  const out: Partial<Session> = {};
  if ('user' in raw) out.user = normalizeUser(raw.user);
  if ('channels' in raw) out.channels = normalizeChannels(raw.channels);
  if (isRecord(raw.flags)) {
    out.flags = Object.fromEntries(Object.entries(raw.flags).filter(([, v]) => typeof v === 'boolean')) as Session['flags'];
  }
  if (typeof raw.apiBase === 'string') out.apiBase = raw.apiBase.replace(/\/+$/, '');
  if (isRecord(raw.config)) out.config = raw.config;
  if (typeof raw.formKey === 'string') out.formKey = raw.formKey;
  if (typeof raw.currentChannel === 'string') out.currentChannel = raw.currentChannel;
  return out;
}

export function readBootstrap(doc: Document): Partial<Session> {
  const result: Partial<Session> = {};
  const script = doc.getElementById(BOOTSTRAP_ID);
  if (script?.textContent) {
    try {
      Object.assign(result, normalizeSessionInput(JSON.parse(script.textContent) as unknown));
    } catch (error) {
      console.error(`#${BOOTSTRAP_ID} is not valid JSON; elements run logged-out.`, error);
    }
  }
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${FORM_KEY_META}"]`);
  if (meta?.content) result.formKey = meta.content;
  return result;
}
