/**
 * The blog card's staff toggles (authoring spec §6 "Staff-type toggles", §7 "Following, blogs,
 * settings"): POST /spam/toggle, /nsfw/toggle, /adult/toggle, /uniblock/toggle, /suspended/toggle
 * with `tumblelog`. The spec shows no labels, answers, confirmations or texts: these are ours
 * (README "blog-card").
 */
import { MalformedResponse } from '../../../src/errors';
import { isRecord } from '../../../src/models/record';
import { parseStaffFlags, type StaffFlag, type StaffFlags } from '../../../src/models/blog';

export const STAFF_FLAG_LABELS: Readonly<Record<StaffFlag, string>> = {
  spam: 'Spam',
  nsfw: 'NSFW',
  adult: 'Adult',
  uniblock: 'Uniblock',
  suspended: 'Suspended',
};

/** The toggle's path: `/spam/toggle` … (no /svc prefix, as the spec writes them). */
export function staffTogglePath(flag: StaffFlag): string {
  return `/${flag}/toggle`;
}

/** The toggle's form fields (the client adds the form key): the blog it flips. */
export function staffTogglePayload(blogName: string): { tumblelog: string } {
  return { tumblelog: blogName };
}

export interface StaffToggleAnswer {
  /** The flag's state after the toggle, as the server has it. */
  on: boolean;
  /** Every flag after the toggle, when the answer carries them. */
  flags: StaffFlags | null;
}

/**
 * Reads a toggle's answer, `{ tumblelog, flag, on, staff_flags? }`. An answer about another blog or
 * flag, or without a boolean `on`, is malformed: the toggle must not show a state nobody confirmed.
 */
export function parseStaffToggleAnswer(data: unknown, blogName: string, flag: StaffFlag): StaffToggleAnswer {
  if (!isRecord(data) || typeof data.on !== 'boolean' || data.flag !== flag || data.tumblelog !== blogName) {
    throw new MalformedResponse(`The ${flag} toggle's answer does not say the state of ${blogName}`);
  }
  return { on: data.on, flags: parseStaffFlags(data.staff_flags) };
}

/** Only suspending asks first: it is the one flag that takes a blog's page away from everyone. */
export function needsStaffConfirm(flag: StaffFlag, next: boolean): boolean {
  return flag === 'suspended' && next;
}

export function suspendConfirmText(blogName: string): string {
  return `Suspend ${blogName}?`;
}

export const SUSPEND_CONFIRM_NOTE = 'Its blog page will say it is suspended and show no posts until staff lift the suspension.';

/** The card's line once the server has answered. */
export function staffToggleDoneText(flag: StaffFlag, on: boolean, blogName: string): string {
  return `${STAFF_FLAG_LABELS[flag]} is ${on ? 'on' : 'off'} for ${blogName}.`;
}

/** The card's line when the toggle failed (the toggle shows its old state again). */
export function staffToggleErrorText(flag: StaffFlag, next: boolean, blogName: string, forbidden: boolean): string {
  const what = `Couldn't turn ${STAFF_FLAG_LABELS[flag]} ${next ? 'on' : 'off'} for ${blogName}.`;
  return forbidden ? `${what} Only staff can change it.` : `${what} Try again.`;
}
