import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '../../../src/errors';
import { STAFF_FLAGS } from '../../../src/models/blog';
import {
  STAFF_FLAG_LABELS,
  needsStaffConfirm,
  parseStaffToggleAnswer,
  staffToggleDoneText,
  staffToggleErrorText,
  staffTogglePath,
  staffTogglePayload,
  SUSPEND_CONFIRM_NOTE,
  suspendConfirmText,
} from './staff';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/staff-toggle/${name}.json`, import.meta.url), 'utf8')) as unknown;

describe('the staff toggles (authoring spec §7)', () => {
  it('each flag posts `tumblelog` to its own /{flag}/toggle, as in the fixture', () => {
    const requests = Object.fromEntries(
      STAFF_FLAGS.map((flag) => [flag, { path: staffTogglePath(flag), form: staffTogglePayload('bob') }]),
    );
    expect(requests).toEqual(fixture('requests'));
  });

  it('reads the recorded answer: the new state and every flag', () => {
    const body = fixture('answer') as { response: unknown };
    expect(parseStaffToggleAnswer(body.response, 'bob', 'suspended')).toEqual({
      on: true,
      flags: { spam: false, nsfw: false, adult: false, uniblock: false, suspended: true },
    });
    // staff_flags is optional: the new state alone is enough
    expect(parseStaffToggleAnswer({ tumblelog: 'bob', flag: 'spam', on: false }, 'bob', 'spam')).toEqual({ on: false, flags: null });
  });

  it.each([
    ['no object', null],
    ['no boolean state', { tumblelog: 'bob', flag: 'spam', on: 'true' }],
    ['another flag', { tumblelog: 'bob', flag: 'nsfw', on: true }],
    ['another blog', { tumblelog: 'carol', flag: 'spam', on: true }],
  ])('an answer with %s is malformed', (_what, data) => {
    expect(() => parseStaffToggleAnswer(data, 'bob', 'spam')).toThrow(MalformedResponse);
  });

  it('asks first only when suspending', () => {
    for (const flag of STAFF_FLAGS) {
      expect(needsStaffConfirm(flag, true), flag).toBe(flag === 'suspended');
      expect(needsStaffConfirm(flag, false), flag).toBe(false);
    }
    expect(suspendConfirmText('bob')).toBe('Suspend bob?');
    expect(SUSPEND_CONFIRM_NOTE).toBe('Its blog page will say it is suspended and show no posts until staff lift the suspension.');
  });

  it('says what happened, and what failed', () => {
    expect(STAFF_FLAGS.map((flag) => STAFF_FLAG_LABELS[flag])).toEqual(['Spam', 'NSFW', 'Adult', 'Uniblock', 'Suspended']);
    expect(staffToggleDoneText('nsfw', true, 'bob')).toBe('NSFW is on for bob.');
    expect(staffToggleErrorText('spam', true, 'bob', false)).toBe("Couldn't turn Spam on for bob. Try again.");
    expect(staffToggleErrorText('suspended', false, 'bob', true)).toBe("Couldn't turn Suspended off for bob. Only staff can change it.");
  });
});
